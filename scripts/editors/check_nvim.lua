-- Runs editors/nvim in a real Neovim as a user has it, installed as a
-- package, against the real `maplang lsp`, and checks what the user sees:
--
-- - a shipped example gets the `maplang` filetype, its highlighting from
--   syntax/maplang.vim (escapes in another), and a client named `maplang`,
--   which publishes no diagnostics for it;
-- - a file with an unknown type gets its diagnostic, with its code, on the
--   type's name; fixing the name in the buffer clears it; a field named
--   `from` is not highlighted as a keyword;
-- - the files of one directory share a client;
-- - hover on a field names its model, and definition on a type's name leads
--   to the type's declaration;
-- - formatting a badly indented buffer gives edits that indent it.
--
-- Prints `ok:` or `FAIL:` for each check, then `N passed, N failed`; exits
-- 1 on any failure. Every wait has a time limit; the caller also bounds the
-- whole run. Temporary files go under a fresh directory from `tempname()`.
--
-- usage: MAPLANG=path/to/maplang nvim --headless --clean \
--          --cmd 'set packpath^=DIR' -c 'luafile scripts/editors/check_nvim.lua'
-- from the repository's root, where DIR/pack/*/start/maplang is editors/nvim.

local passed, failed = 0, 0

--- Counts a check and prints its outcome; `got` is shown when it fails.
local function expect(condition, what, got)
  if condition then
    passed = passed + 1
    io.write("ok: ", what, "\n")
  else
    failed = failed + 1
    io.write("FAIL: ", what, got ~= nil and (": got " .. vim.inspect(got, { newline = " ", indent = "" })) or "", "\n")
  end
end

-- The uris whose diagnostics the server has published, with how many times.
local published = {}
local publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  published[result.uri] = (published[result.uri] or 0) + 1
  return publish(err, result, ctx, config)
end

--- Opens `path` in the current window and returns its buffer.
local function open(path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end

-- Every running client (`get_active_clients` before 0.10).
local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients

--- The initialized `maplang` client attached to `buf`, waiting up to 10 s.
local function client_of(buf)
  local found
  vim.wait(10000, function()
    for _, client in ipairs(get_clients()) do
      if client.name == "maplang" and client.initialized and vim.lsp.buf_is_attached(buf, client.id) then
        found = client
      end
    end
    return found ~= nil
  end, 20)
  return found
end

--- Waits up to 10 s for the server to publish diagnostics for `buf` once
--- more than `seen` times, and returns them (nil on a timeout).
local function diagnostics_after(buf, seen)
  local uri = vim.uri_from_bufnr(buf)
  if not vim.wait(10000, function() return (published[uri] or 0) > seen end, 20) then
    return nil
  end
  return vim.diagnostic.get(buf)
end

--- The result of the request `method` on `buf`, waiting up to 5 s.
local function request(buf, method, params)
  local responses = vim.lsp.buf_request_sync(buf, method, params, 5000) or {}
  local _, response = next(responses)
  return response and response.result
end

--- The 0-based line and column of the first `text` on the first line of
--- `buf` that holds `line_text`, searched as plain text.
local function find(buf, line_text, text)
  for index, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if line:find(line_text, 1, true) then
      return index - 1, line:find(text, 1, true) - 1
    end
  end
  error("no line holds " .. line_text)
end

--- The syntax group at the first `text` on the line holding `line_text`.
local function group_at(buf, line_text, text)
  local line, column = find(buf, line_text, text)
  return vim.fn.synIDattr(vim.fn.synID(line + 1, column + 1, 1), "name")
end

local function run()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, "p")
  vim.g.maplang_path = assert(os.getenv("MAPLANG"), "MAPLANG is not set")
  expect(vim.fn.exists("#maplang#FileType") == 1, "the package's plugin/maplang.lua is loaded")

  -- A shipped example.
  local example = open("examples/github/github.map")
  expect(vim.bo.filetype == "maplang", "a .map file has the maplang filetype", vim.bo.filetype)
  expect(vim.bo.commentstring == "// %s", "comments are `//`", vim.bo.commentstring)
  for _, case in ipairs({
    { "// GitHub issues", "//", "maplangComment" },
    { "root Issue", "root", "maplangSetting" },
    { "login: String", "String", "maplangType" },
    { "login: String", "login", "" },
    { "login: String where", "where", "maplangClause" },
    { "id: Int where range(1...)", "1", "maplangNumber" },
    { 'pattern("^[0-9', "^", "maplangString" },
    { "check state", "check", "maplangKeyword" },
    { "closedAt != null", "null", "maplangNull" },
    { 'input file "input.json"', "input", "maplangTest" },
  }) do
    local group = group_at(example, case[1], case[2])
    expect(group == case[3], ("`%s` in `%s` is %s"):format(case[2], case[1], case[3] ~= "" and case[3] or "plain"), group)
  end
  local escapes = open("examples/app-releases/app-releases.map")
  for _, case in ipairs({ { 'extract("v([0-9]+(?:', "\\." }, { '"pattern-mismatch" at', '\\"Acme' } }) do
    local group = group_at(escapes, case[1], case[2])
    expect(group == "maplangEscape", ("`%s` in `%s` is maplangEscape"):format(case[2], case[1]), group)
  end
  local client = client_of(example)
  expect(client ~= nil, "a client named maplang attached to the example")
  if not client then
    return
  end
  local diagnostics = diagnostics_after(example, 0)
  expect(diagnostics and #diagnostics == 0, "the example gets no diagnostics", diagnostics)

  -- Hover on a field, and definition on a type's name.
  local line, column = find(example, "login: String", "login")
  local hover = request(example, "textDocument/hover", {
    textDocument = { uri = vim.uri_from_bufnr(example) },
    position = { line = line, character = column },
  })
  local hover_text = hover and hover.contents and (hover.contents.value or hover.contents) or ""
  expect(type(hover_text) == "string" and hover_text:find("field of `GHUser`", 1, true),
    "hover on `login` says it is a field of `GHUser`", hover)
  line, column = find(example, "assignee: GHUser?", "GHUser")
  local declaration = find(example, "model GHUser {", "model")
  local definition = request(example, "textDocument/definition", {
    textDocument = { uri = vim.uri_from_bufnr(example) },
    position = { line = line, character = column },
  })
  local location = definition and (definition[1] or definition)
  expect(location and location.uri == vim.uri_from_bufnr(example) and location.range.start.line == declaration,
    "definition of `GHUser` is its declaration, line " .. declaration, definition)

  -- A mistake: diagnosed where it is, and cleared by fixing it in the buffer.
  local path = dir .. "/issue.map"
  vim.fn.writefile({ "model Issue {", "  from: Int", "  title: Strin", "}" }, path)
  local broken = open(path)
  local group = group_at(broken, "from: Int", "from")
  expect(group == "", "`from` naming a field is plain", group)
  diagnostics = diagnostics_after(broken, 0) or {}
  local first = diagnostics[1] or {}
  expect(#diagnostics == 1 and first.code == "unknown-type" and first.message:find("Strin", 1, true),
    "one unknown-type diagnostic that names `Strin`", diagnostics)
  expect(first.lnum == 2 and first.col == 9 and first.end_lnum == 2 and first.end_col == 14,
    "the diagnostic covers `Strin`, line 2, columns 9 to 14", first)
  local seen = published[vim.uri_from_bufnr(broken)]
  vim.api.nvim_buf_set_text(broken, 2, 14, 2, 14, { "g" })
  diagnostics = diagnostics_after(broken, seen)
  expect(diagnostics and #diagnostics == 0, "typing the missing `g` clears the diagnostic", diagnostics)

  -- Formatting a badly indented buffer.
  local messy = open(dir .. "/messy.map")
  vim.api.nvim_buf_set_lines(messy, 0, -1, false, { "model A{", "a:Int", "    b: String}" })
  local shared = client_of(messy)
  expect(shared and shared.id == client_of(broken).id, "files of one directory share a client")
  client = shared
  local edits = client and request(messy, "textDocument/formatting", vim.lsp.util.make_formatting_params()) or {}
  expect(#edits > 0, "formatting gives edits", edits)
  vim.lsp.util.apply_text_edits(edits, messy, client and client.offset_encoding or "utf-16")
  local formatted = vim.api.nvim_buf_get_lines(messy, 0, -1, false)
  expect(vim.deep_equal(formatted, { "model A {", "  a: Int", "  b: String", "}" }),
    "the edits indent the model", formatted)
end

local ok, err = xpcall(run, debug.traceback)
if not ok then
  expect(false, "the check ran to its end", err)
end
for _, client in ipairs(get_clients()) do
  vim.lsp.stop_client(client.id)
end
io.write(("%d passed, %d failed\n"):format(passed, failed))
vim.cmd(failed == 0 and "qall!" or "cquit")
