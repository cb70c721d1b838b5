"""`maplang lsp` end to end through a real Language Server Protocol client.

pytest-lsp starts the server that MAPLANG names (see conftest.py) for each
test and drives it as an editor does: it opens documents, types edits, and
checks diagnostics, hover, definition, references, completion, formatting,
rename and the lifecycle, on the exact values the server gives. The last
tests write malformed frames and JSON to the server's standard input
themselves, as no client sends them, and check that the server says what
is wrong and goes on answering.

usage: MAPLANG=.build/debug/maplang python -m pytest scripts/editors/test_lsp.py
"""

import asyncio
import json
import os
import pathlib

import attrs
import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcMethodNotFound
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

MAPLANG = os.environ.get("MAPLANG", "maplang")
EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
# How long to wait for any one answer or notification.
WAIT = 10

# `é` is one UTF-16 unit, `🙂` two: `Strin` starts at character 8 of its line,
# and the string before it is what moves a byte-counting server off.
ISSUES_URI = "file:///rules/issues.map"
ISSUES = 'model Issue {\n  b: String from "é🙂" using trim\n  title:Strin\n}\n'

# The sample of the server's own navigation tests.
NAV_URI = "file:///rules/nav.map"
NAV = """root Issue
keys snake_case
model Base {
  id: Int
}
model Issue extends Base {
  state: State using stateTable
  htmlURL: String using trim where nonEmpty
  labels: [Label] from tags, labels
  check state == open
}
enum State {
  open
  closed
}
table stateTable {
  "o" -> "open"
}
model Label {
  name: String
}
"""

# The built-in transformers, in the order completion lists them.
TRANSFORMERS = [
    "iso8601", "timestamp", "date", "url", "string", "number", "bool", "trim", "lowercase", "uppercase", "replace",
    "removePrefix", "removeSuffix", "extract", "scale", "round", "split", "join", "json", "base64",
]
TYPES = ["String", "Int", "Double", "Decimal", "Bool", "Date", "URL", "Data", "JSON"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MAPLANG, "lsp"]))
async def server(lsp_client: LanguageClient):
    """A client connected to a server that has not been initialized."""
    yield


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[MAPLANG, "lsp"]))
async def client(lsp_client: LanguageClient):
    """A client that has initialized the server as Visual Studio Code does,
    and shuts it down after the test: it must then exit with status 0."""
    await asyncio.wait_for(
        lsp_client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))), WAIT)
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), WAIT)
    assert lsp_client._server.returncode == 0, "the exit status after `shutdown` and `exit`"


# -- helpers -----------------------------------------------------------------


def pos(line, character):
    return types.Position(line=line, character=character)


def rng(line, start, end, end_line=None):
    return types.Range(start=pos(line, start), end=pos(line if end_line is None else end_line, end))


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


def find(text, needle, word=None, nth=0):
    """The range of the last `word` (else all of `needle`) in the `nth` occurrence of `needle` in `text`."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    if word is not None:
        at += needle.rindex(word)
    else:
        word = needle
    line = text.count("\n", 0, at)
    character = utf16(text[text.rfind("\n", 0, at) + 1:at])
    return rng(line, character, character + utf16(word))


def apply(text, edits):
    """`text` with text edits applied, as an editor applies them: from the last."""
    lines = text.split("\n")

    def offset(position):
        before = sum(len(line) + 1 for line in lines[:position.line])
        units = lines[position.line].encode("utf-16-le")[:position.character * 2]
        return before + len(units.decode("utf-16-le"))

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


async def published(client):
    """The next diagnostics the server publishes."""
    return await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), WAIT)


async def open_document(client, uri, text):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="maplang", version=1, text=text)))
    return await published(client)


def change(client, uri, version, *edits):
    """Sends one didChange of (range, text) edits; a `None` range replaces the whole text."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[
            types.TextDocumentContentChangeEvent_Type2(text=text) if range is None
            else types.TextDocumentContentChangeEvent_Type1(range=range, text=text)
            for range, text in edits]))


async def type_text(client, uri, version, at, text, wait=True):
    """Types `text` at a position one character per didChange, as an editor
    sends keystrokes; each change is version + 1 of the one before. With
    `wait`, waits for each change's diagnostics and gives them all."""
    line, character = at.line, at.character
    everything = []
    for typed in text:
        version += 1
        change(client, uri, version, (rng(line, character, character), typed))
        if typed == "\n":
            line, character = line + 1, 0
        else:
            character += utf16(typed)
        if wait:
            diagnostics = await published(client)
            assert diagnostics.version == version
            everything.append(diagnostics)
    return everything


def text_document(uri):
    return types.TextDocumentIdentifier(uri=uri)


async def answer(request):
    return await asyncio.wait_for(request, WAIT)


async def formatting(client, uri):
    return await answer(client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=text_document(uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True))))


async def hover(client, uri, position):
    return await answer(client.text_document_hover_async(types.HoverParams(text_document=text_document(uri), position=position)))


async def definition(client, uri, position):
    return await answer(client.text_document_definition_async(
        types.DefinitionParams(text_document=text_document(uri), position=position)))


async def references(client, uri, position, include_declaration):
    return await answer(client.text_document_references_async(types.ReferenceParams(
        text_document=text_document(uri), position=position,
        context=types.ReferenceContext(include_declaration=include_declaration))))


async def completion(client, uri, position, trigger=None):
    context = (types.CompletionContext(trigger_kind=types.CompletionTriggerKind.Invoked) if trigger is None
               else types.CompletionContext(trigger_kind=types.CompletionTriggerKind.TriggerCharacter, trigger_character=trigger))
    items = await answer(client.text_document_completion_async(
        types.CompletionParams(text_document=text_document(uri), position=position, context=context)))
    assert isinstance(items, list), f"completion answers a plain list of items: {items!r}"
    return items


async def rename(client, uri, position, new_name):
    return await answer(client.text_document_rename_async(
        types.RenameParams(text_document=text_document(uri), position=position, new_name=new_name)))


async def refusal(request):
    """The error a request is answered with, as (code, message)."""
    with pytest.raises(JsonRpcException) as raised:
        await answer(request)
    return raised.value.code, raised.value.message


def location(uri, range):
    return types.Location(uri=uri, range=range)


# -- the lifecycle -----------------------------------------------------------


async def test_initialize_advertises_exactly_what_is_implemented(server):
    result = await answer(server.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))))
    capabilities = result.capabilities
    assert capabilities.text_document_sync == types.TextDocumentSyncOptions(
        open_close=True, change=types.TextDocumentSyncKind.Incremental, save=types.SaveOptions(include_text=False))
    assert capabilities.document_formatting_provider is True
    assert capabilities.document_symbol_provider is True
    assert capabilities.hover_provider is True
    assert capabilities.definition_provider is True
    assert capabilities.references_provider is True
    assert capabilities.rename_provider is True
    assert capabilities.completion_provider == types.CompletionOptions(trigger_characters=["|", ":"])
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    # Nothing else is advertised.
    advertised = {field.name for field in attrs.fields(type(capabilities)) if getattr(capabilities, field.name) is not None}
    assert advertised == {
        "text_document_sync", "document_formatting_provider", "document_symbol_provider", "hover_provider",
        "definition_provider", "references_provider", "rename_provider", "completion_provider", "position_encoding"}
    assert result.server_info.name == "maplang"


async def test_shutdown_then_exit_ends_with_status_0_and_requests_between_are_refused(server):
    await answer(server.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities())))
    assert await refusal(server.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))) == (
        -32600, "the server is already initialized")
    assert await answer(server.shutdown_async(None)) is None
    assert await refusal(server.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=text_document(NAV_URI)))) == (
        -32600, "the server is shut down; only `exit` remains")
    server.exit(None)
    assert await asyncio.wait_for(server._server.wait(), WAIT) == 0


async def test_exit_without_shutdown_ends_with_status_1(server):
    await answer(server.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities())))
    server.exit(None)
    assert await asyncio.wait_for(server._server.wait(), WAIT) == 1


async def test_a_method_not_implemented_is_answered_method_not_found(client):
    with pytest.raises(JsonRpcMethodNotFound) as raised:
        await answer(client.workspace_symbol_async(types.WorkspaceSymbolParams(query="")))
    assert raised.value.message == "`workspace/symbol` is not a method this server implements"


# -- documents and diagnostics -----------------------------------------------


async def test_diagnostics_land_on_the_utf16_range_after_non_ascii_text(client):
    first = await open_document(client, ISSUES_URI, ISSUES)
    assert first.uri == ISSUES_URI and first.version == 1
    assert first.diagnostics == [types.Diagnostic(
        range=rng(2, 8, 13), severity=types.DiagnosticSeverity.Error, code="unknown-type", source="maplang",
        message="unknown type `Strin`\nhelp: did you mean `String`?")]


async def test_an_incremental_change_fixes_the_mistake(client):
    await open_document(client, ISSUES_URI, ISSUES)
    # Two edits in one change: a space after the colon, then the type's
    # name, which the first edit moved one character on.
    change(client, ISSUES_URI, 2, (rng(2, 8, 8), " "), (rng(2, 9, 14), "String"))
    second = await published(client)
    assert (second.version, second.diagnostics) == (2, [])
    # The server's text is the editor's: the formatter finds nothing to change.
    assert await formatting(client, ISSUES_URI) == []
    symbols = await answer(client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=text_document(ISSUES_URI))))
    assert [(s.name, [c.name for c in s.children]) for s in symbols] == [("Issue", ["b", "title"])]


async def test_typing_character_by_character_ends_with_no_diagnostics(client):
    uri = "file:///rules/typed.map"
    assert (await open_document(client, uri, "model Issue {\n}\n")).diagnostics == []
    # Keystrokes one change each, waiting for each change's diagnostics,
    # with a typo and a backspace; the emoji is two UTF-16 units wide.
    version = 1
    steps = await type_text(client, uri, version, pos(1, 0), '  title: String from "é🙂" using tirm')
    version += len(steps)
    # `tirm` starts at UTF-16 unit 33: 32 characters before it, the emoji two units.
    assert steps[-1].diagnostics == [types.Diagnostic(
        range=rng(1, 33, 37), severity=types.DiagnosticSeverity.Error, code="unknown-transformer", source="maplang",
        message="unknown transformer `tirm`\nhelp: did you mean `trim`?")]
    # On the way, after `  title: Str`, the type was unknown.
    assert steps[len("  title: Str") - 1].diagnostics == [types.Diagnostic(
        range=rng(1, 9, 12), severity=types.DiagnosticSeverity.Error, code="unknown-type", source="maplang",
        message="unknown type `Str`")]
    version += 1
    change(client, uri, version, (rng(1, 34, 37), ""))  # `irm` selected and deleted: `t` is left
    assert (await published(client)).version == version
    steps = await type_text(client, uri, version, pos(1, 34), "rim\n")
    version += len(steps)
    assert [len(step.diagnostics) for step in steps] == [1, 1, 0, 0]
    # A second field as fast as the keys go: every change sent before any
    # diagnostics are read. The server answers in order, so when the outline
    # comes back the diagnostics of the last change have been published.
    await type_text(client, uri, version, pos(2, 0), "  count: Int? default 0\n", wait=False)
    symbols = await answer(client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=text_document(uri))))
    assert client.diagnostics[uri] == []
    assert [(s.name, [(c.name, c.detail) for c in s.children]) for s in symbols] == [
        ("Issue", [("title", "String"), ("count", "Int?")])]
    # The text the server holds is what was typed: already formatted.
    assert await formatting(client, uri) == []


async def test_closing_a_document_clears_its_diagnostics(client):
    await open_document(client, ISSUES_URI, ISSUES)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=text_document(ISSUES_URI)))
    closed = await published(client)
    assert (closed.uri, closed.version, closed.diagnostics) == (ISSUES_URI, None, [])
    assert await refusal(client.text_document_hover_async(types.HoverParams(text_document=text_document(ISSUES_URI), position=pos(0, 0)))) == (
        -32602, f"`{ISSUES_URI}` is not open")


async def test_document_symbols_outline_models_fields_and_enum_cases(client):
    uri = "file:///rules/outline.map"
    await open_document(client, uri, "model A {\n  state: State\n}\nenum State {\n  open\n}\n")
    symbols = await answer(client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=text_document(uri))))
    assert symbols == [
        types.DocumentSymbol(
            name="A", kind=types.SymbolKind.Class, range=rng(0, 0, 1, end_line=2), selection_range=rng(0, 6, 7),
            children=[types.DocumentSymbol(
                name="state", kind=types.SymbolKind.Field, range=rng(1, 2, 14), selection_range=rng(1, 2, 7), detail="State")]),
        types.DocumentSymbol(
            name="State", kind=types.SymbolKind.Enum, range=rng(3, 0, 1, end_line=5), selection_range=rng(3, 5, 10),
            children=[types.DocumentSymbol(
                name="open", kind=types.SymbolKind.EnumMember, range=rng(4, 2, 6), selection_range=rng(4, 2, 6))]),
    ]


# -- formatting ----------------------------------------------------------------


async def test_formatting_is_one_edit_of_the_whole_text(client):
    uri = "file:///rules/format.map"
    await open_document(client, uri, ISSUES)
    change(client, uri, 2, (None, "model A{\na:Int}\n"))
    assert (await published(client)).diagnostics == []
    assert await formatting(client, uri) == [types.TextEdit(range=rng(0, 0, 0, end_line=2), new_text="model A {\n  a: Int\n}\n")]


async def test_formatting_is_refused_while_the_file_has_a_syntax_error(client):
    uri = "file:///rules/broken.map"
    opened = await open_document(client, uri, "model A {\n  title String\n}\n")
    assert opened.diagnostics == [types.Diagnostic(
        range=rng(1, 7, 7), severity=types.DiagnosticSeverity.Error, code="expected-token", source="maplang",
        message="expected `:` after the field name `title`, found identifier `String`")]
    assert await refusal(client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=text_document(uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))) == (
        -32803, "broken.map has a syntax error; fix it before formatting")
    await type_text(client, uri, 1, pos(1, 7), ":")
    # Fixed, it is formatted already.
    assert await formatting(client, uri) == []


# -- hover -----------------------------------------------------------------------


async def test_hover_on_a_field_shows_its_type_and_the_keys_it_reads(client):
    await open_document(client, NAV_URI, NAV)
    field = await hover(client, NAV_URI, pos(7, 4))
    assert field == types.Hover(
        contents=types.MarkupContent(
            kind=types.MarkupKind.Markdown,
            value="```maplang\nhtmlURL: String\n```\n\nfield of `Issue`\n\n"
                  "reads `html_url` (its name, after `keys snake_case`)\n\nusing `trim`\n\nwhere `nonEmpty`"),
        range=rng(7, 2, 9))
    sources = await hover(client, NAV_URI, pos(8, 4))
    assert sources.contents.value == "```maplang\nlabels: [Label]\n```\n\nfield of `Issue`\n\nreads `tags`, then `labels`"
    # A field of the shipped example, under its file's `keys snake_case`.
    text = (EXAMPLES / "inheritance" / "inheritance.map").read_text()
    uri = "file:///examples/inheritance/inheritance.map"
    await open_document(client, uri, text)
    price = find(text, "priceCents: Int where range(0...)", "priceCents")
    assert await hover(client, uri, price.start) == types.Hover(
        contents=types.MarkupContent(
            kind=types.MarkupKind.Markdown,
            value="```maplang\npriceCents: Int\n```\n\nfield of `Item`\n\nreads `price_cents` (its name, after `keys snake_case`)"
                  "\n\nwhere `range(0...)`"),
        range=price)


async def test_hover_on_built_ins_and_declared_names(client):
    await open_document(client, NAV_URI, NAV)
    assert await hover(client, NAV_URI, pos(7, 25)) == types.Hover(
        contents=types.MarkupContent(
            kind=types.MarkupKind.Markdown, value="built-in transformer `trim`: removes white space at both ends of a string"),
        range=rng(7, 24, 28))
    rule = await hover(client, NAV_URI, pos(7, 38))
    assert (rule.contents.value, rule.range) == (
        "built-in rule `nonEmpty`: there is at least one character or element", rng(7, 35, 43))
    model = await hover(client, NAV_URI, pos(8, 12))
    assert (model.contents.value, model.range) == ("```maplang\nmodel Label {\n```\n\nmodel declared on line 19", rng(8, 11, 16))
    assert await hover(client, NAV_URI, pos(20, 0)) is None


# -- definition and references ---------------------------------------------------


async def test_definition_of_a_model_used_as_a_field_type_and_after_extends(client):
    await open_document(client, NAV_URI, NAV)
    assert await definition(client, NAV_URI, pos(8, 13)) == location(NAV_URI, rng(18, 6, 11))
    assert await definition(client, NAV_URI, pos(5, 22)) == location(NAV_URI, rng(2, 6, 10))
    assert await definition(client, NAV_URI, pos(6, 11)) == location(NAV_URI, rng(11, 5, 10))
    assert await definition(client, NAV_URI, pos(0, 6)) == location(NAV_URI, rng(5, 6, 11))
    assert await definition(client, NAV_URI, pos(5, 8)) == location(NAV_URI, rng(5, 6, 11))  # a declaration is its own
    assert await definition(client, NAV_URI, pos(3, 3)) is None  # a field's name declares nothing here
    # The shipped example: `[Product]`, `extends Product`, and a name in `only`.
    text = (EXAMPLES / "inheritance" / "inheritance.map").read_text()
    uri = "file:///examples/inheritance/inheritance.map"
    await open_document(client, uri, text)
    product = location(uri, find(text, "model Product extends", "Product"))
    assert await definition(client, uri, find(text, "[Product]", "Product").start) == product
    assert await definition(client, uri, find(text, "ProductSummary extends Product", "Product").end) == product
    assert await definition(client, uri, find(text, "ProductRow extends Product", "Product").start) == product
    assert await definition(client, uri, find(text, "  only sku", "sku").start) == location(uri, find(text, "  sku: String", "sku"))


async def test_references_list_every_place_with_or_without_the_declaration(client):
    await open_document(client, NAV_URI, NAV)
    assert await references(client, NAV_URI, pos(11, 6), True) == [
        location(NAV_URI, rng(6, 9, 14)), location(NAV_URI, rng(11, 5, 10))]
    assert await references(client, NAV_URI, pos(15, 8), False) == [location(NAV_URI, rng(6, 21, 31))]
    assert await references(client, NAV_URI, pos(0, 7), True) == [
        location(NAV_URI, rng(0, 5, 10)), location(NAV_URI, rng(5, 6, 11))]
    assert await references(client, NAV_URI, pos(1, 0), True) == []


# -- completion ------------------------------------------------------------------

# A model being written, an enum and a table; completion is asked at the
# end of what is typed on line 2.
COMPLETING = "model Issue {\n  state: State\n\n}\nenum State {\n  open\n}\ntable codes {\n  1 -> 2\n}\n"


async def typed_then_completed(client, typed, trigger=None):
    uri = "file:///rules/completing.map"
    await open_document(client, uri, COMPLETING)
    await type_text(client, uri, 1, pos(2, 0), typed)
    return await completion(client, uri, pos(2, utf16(typed)), trigger)


async def test_completion_after_using_lists_the_built_in_transformers_and_declared_tables(client):
    items = await typed_then_completed(client, "  a: String using ")
    assert [item.label for item in items] == TRANSFORMERS + ["codes"]
    assert {item.kind for item in items} == {types.CompletionItemKind.Function}
    trim = next(item for item in items if item.label == "trim")
    assert trim.detail == "removes white space at both ends of a string"
    assert items[-1].detail == "table"


async def test_completion_after_using_narrows_to_what_is_typed(client):
    items = await typed_then_completed(client, "  a: String using tr")
    assert [item.label for item in items] == ["trim"]


async def test_completion_after_a_pipe(client):
    items = await typed_then_completed(client, "  a: String using trim |", trigger="|")
    assert [item.label for item in items] == TRANSFORMERS + ["codes"]


async def test_completion_after_where_lists_the_rules(client):
    items = await typed_then_completed(client, "  a: String where ")
    assert [item.label for item in items] == ["length", "nonEmpty", "oneOf", "pattern", "range"]
    assert {item.kind for item in items} == {types.CompletionItemKind.Function}


async def test_completion_after_a_comma_in_where_lists_the_rules(client):
    items = await typed_then_completed(client, "  a: String where nonEmpty, p")
    assert [item.label for item in items] == ["pattern"]


async def test_completion_after_a_colon_lists_the_types_and_declared_models(client):
    items = await typed_then_completed(client, "  a:", trigger=":")
    assert [(item.label, item.kind, item.detail) for item in items] == (
        [(name, types.CompletionItemKind.Class, "built-in type") for name in TYPES]
        + [("Issue", types.CompletionItemKind.Class, "model"), ("State", types.CompletionItemKind.Enum, "enum")])


async def test_no_completion_inside_a_string_or_a_comment(client):
    assert await typed_then_completed(client, '  v: String where pattern("a|', trigger="|") == []


# -- rename ------------------------------------------------------------------------


async def test_rename_of_a_model_changes_every_use(client):
    text = (EXAMPLES / "inheritance" / "inheritance.map").read_text()
    uri = "file:///examples/inheritance/inheritance.map"
    assert (await open_document(client, uri, text)).diagnostics == []
    declaration = find(text, "model Product extends", "Product")
    edit = await rename(client, uri, declaration.start, "Article")
    uses = [find(text, "[Product]", "Product"), declaration,
            find(text, "ProductSummary extends Product", "Product"), find(text, "ProductRow extends Product", "Product")]
    assert edit == types.WorkspaceEdit(changes={uri: [types.TextEdit(range=use, new_text="Article") for use in uses]})
    # Applied as an editor applies it, the file still checks, and the new
    # name is written where the old one was.
    renamed = apply(text, edit.changes[uri])
    assert renamed == (text.replace("[Product]", "[Article]").replace("model Product extends", "model Article extends")
                       .replace("extends Product {", "extends Article {"))
    change(client, uri, 2, *[(e.range, e.new_text) for e in reversed(edit.changes[uri])])
    assert (await published(client)).diagnostics == []
    assert await references(client, uri, declaration.start, True) == [location(uri, use) for use in uses]


async def test_rename_from_a_use_and_of_an_enum(client):
    await open_document(client, NAV_URI, NAV)
    edit = await rename(client, NAV_URI, pos(8, 12), "Tag")
    assert edit == types.WorkspaceEdit(changes={NAV_URI: [
        types.TextEdit(range=rng(8, 11, 16), new_text="Tag"), types.TextEdit(range=rng(18, 6, 11), new_text="Tag")]})
    edit = await rename(client, NAV_URI, pos(6, 10), "Status")
    assert edit == types.WorkspaceEdit(changes={NAV_URI: [
        types.TextEdit(range=rng(6, 9, 14), new_text="Status"), types.TextEdit(range=rng(11, 5, 10), new_text="Status")]})


async def test_rename_is_refused_with_the_reason(client):
    await open_document(client, NAV_URI, NAV)
    issue = pos(0, 6)
    assert await refusal(client.text_document_rename_async(types.RenameParams(
        text_document=text_document(NAV_URI), position=issue, new_name="Label"))) == (
        -32803, "`Label` is already declared, as a model on line 19")
    assert await refusal(client.text_document_rename_async(types.RenameParams(
        text_document=text_document(NAV_URI), position=issue, new_name="1x"))) == (
        -32803, "`1x` is not a name: letters, digits and `_`, not starting with a digit")
    assert await refusal(client.text_document_rename_async(types.RenameParams(
        text_document=text_document(NAV_URI), position=issue, new_name="trim"))) == (
        -32803, "`trim` is the name of a built-in type or transformer")
    assert await refusal(client.text_document_rename_async(types.RenameParams(
        text_document=text_document(NAV_URI), position=pos(3, 3), new_name="x"))) == (
        -32803, "there is no declared model, enum, table, transform or choice here to rename")


# -- malformed input, written to the server's standard input directly -------------


class RawServer:
    """`maplang lsp` as a subprocess, written to and read from byte by byte."""

    def __init__(self, process):
        self.process = process

    @classmethod
    async def start(cls):
        return cls(await asyncio.create_subprocess_exec(
            MAPLANG, "lsp", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE))

    async def write(self, data):
        self.process.stdin.write(data)
        await self.process.stdin.drain()

    @staticmethod
    def frame(message):
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    async def send(self, *messages):
        """Writes messages (objects, or bodies as bytes) in one write."""
        await self.write(b"".join(self.frame(m) for m in messages))

    async def receive(self):
        """The next message the server writes."""

        async def read():
            header = await self.process.stdout.readuntil(b"\r\n\r\n")
            fields = dict(line.split(": ", 1) for line in header.decode().strip().split("\r\n"))
            return json.loads(await self.process.stdout.readexactly(int(fields["Content-Length"])))

        return await asyncio.wait_for(read(), WAIT)

    async def request(self, id, method, params=None):
        await self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params or {}})
        return await self.receive()

    async def initialize(self):
        reply = await self.request(0, "initialize", {"capabilities": {}})
        assert reply["result"]["capabilities"]["positionEncoding"] == "utf-16"
        await self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    async def open(self, uri, text):
        await self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uri, "languageId": "maplang", "version": 1, "text": text}}})
        return await self.receive()

    async def finish(self, shut_down=True):
        """Shuts the server down (or only closes its input); its exit status and standard error."""
        if shut_down:
            assert await self.request(99, "shutdown") == {"jsonrpc": "2.0", "id": 99, "result": None}
            await self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.stdin.close()
        status = await asyncio.wait_for(self.process.wait(), WAIT)
        return status, (await self.process.stderr.read()).decode()


@pytest.fixture
async def raw():
    server = await RawServer.start()
    yield server
    if server.process.returncode is None:
        server.process.kill()
        await server.process.wait()


def error(id, code, message):
    return {"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}


OUTLINE = "model A {\n  x: Int\n}\n"
SYMBOLS = [{
    "name": "A", "kind": 5, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 2, "character": 1}},
    "selectionRange": {"start": {"line": 0, "character": 6}, "end": {"line": 0, "character": 7}},
    "children": [{
        "name": "x", "kind": 8, "range": {"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 8}},
        "selectionRange": {"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 3}}, "detail": "Int"}],
}]


async def symbols(raw, id, uri="file:///raw.map"):
    return await raw.request(id, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})


async def test_malformed_frames_are_skipped_and_the_server_goes_on(raw):
    await raw.initialize()
    await raw.open("file:///raw.map", OUTLINE)
    # A header without Content-Length, then one whose length is not a number:
    # skipped, said on standard error, and the next frame read as usual.
    await raw.write(b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n")
    await raw.write(b"Content-Length: twelve\r\n\r\n")
    assert await symbols(raw, 1) == {"jsonrpc": "2.0", "id": 1, "result": SYMBOLS}
    # A frame cut in two writes, and one whose header is in another case
    # with spaces around the value.
    body = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol",
                       "params": {"textDocument": {"uri": "file:///raw.map"}}}).encode()
    framed = RawServer.frame(body)
    await raw.write(framed[:10])
    await asyncio.sleep(0.2)
    await raw.write(framed[10:])
    assert await raw.receive() == {"jsonrpc": "2.0", "id": 2, "result": SYMBOLS}
    body = body.replace(b'"id": 2', b'"id": 3')
    await raw.write(b"content-length :  %d \t\r\n\r\n" % len(body) + body)
    assert await raw.receive() == {"jsonrpc": "2.0", "id": 3, "result": SYMBOLS}
    status, stderr = await raw.finish()
    assert status == 0
    assert stderr == "maplang lsp: skipped a message header without a valid `Content-Length`\n" * 2


async def test_bodies_that_are_not_requests_are_answered_with_errors(raw):
    await raw.initialize()
    await raw.open("file:///raw.map", OUTLINE)
    await raw.send(b"{not json")
    assert await raw.receive() == error(None, -32700, "the message is not JSON")
    await raw.send(b"")
    assert await raw.receive() == error(None, -32700, "the message is not JSON")
    # A batch is not run, not even its `shutdown`.
    await raw.send([{"jsonrpc": "2.0", "id": 5, "method": "shutdown"}])
    assert await raw.receive() == error(
        None, -32600, "the message is not a JSON object; batches are not part of the protocol")
    await raw.send(b'"just a string"')
    assert await raw.receive() == error(
        None, -32600, "the message is not a JSON object; batches are not part of the protocol")
    await raw.send({"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"})
    assert await raw.receive() == error(None, -32600, "a request's `id` is a number or a string")
    await raw.send({"jsonrpc": "2.0", "id": 6})
    assert await raw.receive() == error(6, -32600, "the message has no `method`")
    assert await raw.request(7, "textDocument/hover", {"textDocument": {"uri": "file:///raw.map"}}) == error(
        7, -32602, "the request gives no `position`")
    assert await raw.request(8, "textDocument/formatting", {}) == error(8, -32602, "the request names no `textDocument.uri`")
    # Still running, and still holding the document.
    assert await symbols(raw, "after") == {"jsonrpc": "2.0", "id": "after", "result": SYMBOLS}
    status, stderr = await raw.finish()
    assert (status, stderr) == (0, "")


async def test_a_request_before_initialize_is_refused_and_initialize_still_works(raw):
    assert await raw.request(1, "textDocument/hover", {}) == error(1, -32002, "the server has not been initialized")
    await raw.initialize()
    assert (await raw.finish())[0] == 0


async def test_a_change_that_cannot_be_applied_closes_the_document_and_says_so(raw):
    await raw.initialize()
    await raw.open("file:///raw.map", OUTLINE)
    await raw.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": "file:///raw.map", "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0}}, "text": "x"}]}})
    assert await raw.receive() == {"jsonrpc": "2.0", "method": "window/logMessage", "params": {
        "type": 1, "message": "maplang lsp: a change whose range is not two positions for file:///raw.map; "
                              "the file's text is out of step, so it is closed here until it is opened again"}}
    # The diagnostics of a text the editor no longer shows are cleared.
    assert await raw.receive() == {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": {
        "uri": "file:///raw.map", "diagnostics": []}}
    assert await symbols(raw, 1) == error(1, -32602, "`file:///raw.map` is not open")
    # Opened again, it is answered for.
    await raw.open("file:///raw.map", OUTLINE)
    assert await symbols(raw, 2) == {"jsonrpc": "2.0", "id": 2, "result": SYMBOLS}
    assert (await raw.finish())[0] == 0


async def test_a_lone_surrogate_in_text_is_read_as_a_replacement_character(raw):
    await raw.initialize()
    text = b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///s.map",' \
           b'"languageId":"maplang","version":1,"text":"// \\ud83d x\\nmodel A {\\n  x: Int\\n}\\n"}}}'
    await raw.send(text)
    assert await raw.receive() == {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": {
        "uri": "file:///s.map", "version": 1, "diagnostics": []}}
    # U+FFFD is one UTF-16 unit: the model's name is where the editor has it.
    reply = await raw.request(1, "textDocument/definition", {
        "textDocument": {"uri": "file:///s.map"}, "position": {"line": 1, "character": 6}})
    assert reply["result"] == {"uri": "file:///s.map", "range": {
        "start": {"line": 1, "character": 6}, "end": {"line": 1, "character": 7}}}
    assert (await raw.finish())[0] == 0


async def test_a_request_cancelled_in_the_same_write_is_answered_cancelled(raw):
    await raw.initialize()
    await raw.open("file:///raw.map", OUTLINE)
    await raw.send(
        {"jsonrpc": "2.0", "id": 4, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": "file:///raw.map"}}},
        {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 4}})
    assert await raw.receive() == error(4, -32800, "`textDocument/documentSymbol` was cancelled")
    assert await symbols(raw, 5) == {"jsonrpc": "2.0", "id": 5, "result": SYMBOLS}
    assert (await raw.finish())[0] == 0


async def test_the_input_ending_without_exit_ends_with_status_1(raw):
    await raw.initialize()
    await raw.write(b"Content-Length: 100\r\n\r\n{")
    status, stderr = await raw.finish(shut_down=False)
    assert (status, stderr) == (1, "maplang lsp: skipped the input ended inside a message\n")
