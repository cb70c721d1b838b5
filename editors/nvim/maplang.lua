-- MapLang in Neovim (0.8 or later): `.map` files get the `maplang`
-- filetype, and `maplang lsp` is started for them with the built-in client,
-- giving diagnostics as you type, formatting (`vim.lsp.buf.format()`) and
-- the outline (`vim.lsp.buf.document_symbol()`).
--
-- Put this file in ~/.config/nvim/plugin/, or `require` it from init.lua.
-- Set `vim.g.maplang_path` first if `maplang` is not on the PATH.

vim.filetype.add({ extension = { map = "maplang" } })

vim.api.nvim_create_autocmd("FileType", {
  pattern = "maplang",
  callback = function(event)
    vim.bo[event.buf].commentstring = "// %s"
    local path = vim.api.nvim_buf_get_name(event.buf)
    vim.lsp.start({
      name = "maplang",
      cmd = { vim.g.maplang_path or "maplang", "lsp" },
      root_dir = vim.fs.dirname(path),
    })
  end,
})
