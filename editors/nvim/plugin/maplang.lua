-- MapLang in Neovim (0.7 or later): `.map` files get the `maplang`
-- filetype, and `maplang lsp` is started for them with the built-in client,
-- giving diagnostics as you type, hover, go to definition, formatting
-- (`vim.lsp.buf.formatting()`, or `vim.lsp.buf.format()` from 0.8) and the
-- outline (`vim.lsp.buf.document_symbol()`). Highlighting is in
-- `syntax/maplang.vim` beside this directory.
--
-- Set `vim.g.maplang_path` first if `maplang` is not on the PATH.

-- Re-sourcing this file replaces its autocommands rather than adding more.
local group = vim.api.nvim_create_augroup("maplang", {})

if vim.fn.has("nvim-0.8") == 1 then
  vim.filetype.add({ extension = { map = "maplang" } })
else
  -- 0.7 detects filetypes with filetype.vim, which calls `.map` files `map`;
  -- `set` (unlike `setfiletype`) overrides that whichever runs first.
  vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
    group = group,
    pattern = "*.map",
    command = "set filetype=maplang",
  })
end

-- For 0.7, which has no `vim.lsp.start`: the id of the client started for
-- each root directory, so that the files of one directory share a server.
local clients = {}

--- Attaches the buffer `buf` to a `maplang lsp` for the directory `root`,
--- starting one unless a running one serves that directory.
local function attach(buf, root)
  local config = {
    name = "maplang",
    cmd = { vim.g.maplang_path or "maplang", "lsp" },
    root_dir = root,
  }
  if vim.lsp.start then
    -- 0.8 and later reuse a client of the same name and root themselves.
    vim.lsp.start(config)
    return
  end
  local id = clients[root]
  if not (id and vim.lsp.get_client_by_id(id)) then
    -- nil when `maplang` cannot be started; Neovim has said why.
    id = vim.lsp.start_client(config)
    clients[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(buf, id)
  end
end

vim.api.nvim_create_autocmd("FileType", {
  group = group,
  pattern = "maplang",
  callback = function(event)
    vim.bo[event.buf].commentstring = "// %s"
    attach(event.buf, vim.fn.fnamemodify(vim.api.nvim_buf_get_name(event.buf), ":p:h"))
  end,
})
