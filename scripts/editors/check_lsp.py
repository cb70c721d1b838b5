"""Drives `maplang lsp` with a real Language Server Protocol client (pygls)
and checks what an editor sees:

- `initialize` advertises incremental sync, formatting and document symbols;
- opening a file with a mistake after non-ASCII text publishes its
  diagnostic on the exact UTF-16 range, with its code;
- an incremental change that fixes it publishes no diagnostics;
- formatting gives one edit with the formatter's text;
- document symbols outline the models and their fields;
- a method the server does not implement is answered `MethodNotFound`;
- `shutdown` and `exit` end the process with status 0.

Prints each failure and `N passed, N failed`; exits 1 on any failure.

usage: python check_lsp.py MAPLANG
"""

import asyncio
import sys

from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound
from pygls.lsp.client import BaseLanguageClient

URI = "file:///rules/issues.map"
# `é` is one UTF-16 unit, `🙂` two: `Strin` starts at character 20.
TEXT = 'model Issue {\n  b: String from "é🙂" using trim\n  title:Strin\n}\n'
FIXED = 'model Issue {\n  b: String from "é🙂" using trim\n  title: String\n}\n'


class Checks:
    """Counts what held and records what did not."""

    def __init__(self):
        self.passed = 0
        self.failures = []

    def expect(self, condition, what):
        if condition:
            self.passed += 1
        else:
            self.failures.append(what)


async def run(maplang, checks):
    client = BaseLanguageClient("maplang-check", "1")
    published = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params):
        published.put_nowait(params)

    await client.start_io(maplang, "lsp")
    result = await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    capabilities = result.capabilities
    checks.expect(
        capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental,
        f"incremental sync advertised: {capabilities.text_document_sync}")
    checks.expect(capabilities.document_formatting_provider is True, "formatting advertised")
    checks.expect(capabilities.document_symbol_provider is True, "document symbols advertised")
    checks.expect(capabilities.hover_provider is True and capabilities.rename_provider is True, "hover and rename advertised")
    client.initialized(types.InitializedParams())

    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=URI, language_id="maplang", version=1, text=TEXT)))
    first = await asyncio.wait_for(published.get(), 10)
    codes = [(d.code, d.range.start.line, d.range.start.character, d.range.end.character) for d in first.diagnostics]
    checks.expect(codes == [("unknown-type", 2, 8, 13)], f"the diagnostic of `Strin`: {codes}")
    checks.expect(first.version == 1, f"diagnostics for version 1: {first.version}")

    # Fix it in two incremental edits: a space after the colon, then the type's name.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[
            types.TextDocumentContentChangeEvent_Type1(
                range=types.Range(start=types.Position(line=2, character=8), end=types.Position(line=2, character=8)),
                text=" "),
            types.TextDocumentContentChangeEvent_Type1(
                range=types.Range(start=types.Position(line=2, character=9), end=types.Position(line=2, character=14)),
                text="String"),
        ]))
    second = await asyncio.wait_for(published.get(), 10)
    checks.expect(second.diagnostics == [] and second.version == 2, f"no diagnostics after the fix: {second}")

    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    checks.expect(edits == [], f"the fixed text is already formatted: {edits}")

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=URI)))
    outline = [(s.name, [c.name for c in (s.children or [])]) for s in symbols]
    checks.expect(outline == [("Issue", ["b", "title"])], f"the outline: {outline}")

    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=3),
        content_changes=[types.TextDocumentContentChangeEvent_Type2(text="model A{\na:Int}\n")]))
    await asyncio.wait_for(published.get(), 10)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    checks.expect(
        len(edits) == 1 and edits[0].new_text == "model A {\n  a: Int\n}\n", f"one edit with the formatted text: {edits}")

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=1, character=0)))
    checks.expect(hover is not None and "field of `A`" in hover.contents.value, f"hover on a field: {hover}")
    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=6)))
    checks.expect(
        isinstance(definition, types.Location) and definition.range.start == types.Position(line=0, character=6),
        f"the definition of a model is its name: {definition}")
    try:
        await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))
        checks.expect(False, "workspace/symbol answered though not implemented")
    except JsonRpcMethodNotFound:
        checks.expect(True, "")

    await client.shutdown_async(None)
    client.exit(None)
    status = await asyncio.wait_for(client._server.wait(), 10)
    checks.expect(status == 0, f"exit status after shutdown and exit: {status}")
    await client.stop()


def main():
    checks = Checks()
    try:
        asyncio.run(asyncio.wait_for(run(sys.argv[1], checks), 60))
    except Exception as error:  # a hang or a protocol error is a failure, not a crash of the check
        checks.failures.append(f"the session failed: {error!r}")
    for failure in checks.failures:
        print("FAIL:", failure)
    print(f"{checks.passed} passed, {len(checks.failures)} failed")
    sys.exit(1 if checks.failures else 0)


if __name__ == "__main__":
    main()
