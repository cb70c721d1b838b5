// Runs editors/vscode/extension.js as VS Code would, against the real
// `maplang lsp`, with the part of the `vscode` module it uses stood in by
// plain objects: opening a file publishes its diagnostic, an incremental
// change republishes, formatting and the outline go through the providers,
// and deactivating shuts the server down with status 0.
// Prints `N passed, N failed`; exits 1 on any failure.
//
// usage: node check_vscode_extension.js EXTENSION_FOLDER MAPLANG
"use strict";

const Module = require("module");
const path = require("path");

const [extensionFolder, maplang] = process.argv.slice(2);
const uri = "file:///rules/issues.map";
const text = 'model Issue {\n  b: String from "é🙂" using trim\n  title:Strin\n}\n';

class Range {
  constructor(startLine, startCharacter, endLine, endCharacter) {
    this.start = { line: startLine, character: startCharacter };
    this.end = { line: endLine, character: endCharacter };
  }
}
const disposable = { dispose() {} };
const handlers = { open: [], change: [], save: [], close: [] };
const providers = {};
const published = [];
let notifyPublished = () => {};
const document = { uri: { toString: () => uri }, languageId: "maplang", version: 1, getText: () => text };
const vscode = {
  Range,
  DiagnosticSeverity: { Error: 0, Warning: 1 },
  Diagnostic: class {
    constructor(range, message, severity) {
      Object.assign(this, { range, message, severity });
    }
  },
  DiagnosticRelatedInformation: class {},
  Location: class {
    constructor(uri, range) {
      Object.assign(this, { uri, range });
    }
  },
  Uri: { parse: (value) => ({ toString: () => value }) },
  DocumentSymbol: class {
    constructor(name, detail, kind, range, selectionRange) {
      Object.assign(this, { name, detail, kind, range, selectionRange });
    }
  },
  TextEdit: { replace: (range, newText) => ({ range, newText }) },
  Hover: class {
    constructor(contents, range) {
      Object.assign(this, { contents, range });
    }
  },
  MarkdownString: class {
    constructor(value) {
      this.value = value;
    }
  },
  WorkspaceEdit: class {
    constructor() {
      this.edits = [];
    }
    replace(uri, range, newText) {
      this.edits.push({ uri: uri.toString(), range, newText });
    }
  },
  CompletionItem: class {
    constructor(label, kind) {
      Object.assign(this, { label, kind });
    }
  },
  workspace: {
    getConfiguration: () => ({ get: (key, fallback) => (key === "server.path" ? maplang : fallback) }),
    textDocuments: [document],
    onDidOpenTextDocument: (handler) => (handlers.open.push(handler), disposable),
    onDidChangeTextDocument: (handler) => (handlers.change.push(handler), disposable),
    onDidSaveTextDocument: (handler) => (handlers.save.push(handler), disposable),
    onDidCloseTextDocument: (handler) => (handlers.close.push(handler), disposable),
  },
  languages: {
    createDiagnosticCollection: () => ({
      set(target, diagnostics) {
        published.push({ uri: target.toString(), diagnostics });
        notifyPublished();
      },
      dispose() {},
    }),
    registerDocumentFormattingEditProvider: (language, provider) => ((providers.format = provider), disposable),
    registerDocumentSymbolProvider: (language, provider) => ((providers.symbols = provider), disposable),
    registerHoverProvider: (language, provider) => ((providers.hover = provider), disposable),
    registerDefinitionProvider: (language, provider) => ((providers.definition = provider), disposable),
    registerReferenceProvider: (language, provider) => ((providers.references = provider), disposable),
    registerRenameProvider: (language, provider) => ((providers.rename = provider), disposable),
    registerCompletionItemProvider: (language, provider) => ((providers.completion = provider), disposable),
  },
  window: {
    createOutputChannel: () => ({ appendLine: (line) => console.error(`[maplang lsp] ${line}`), dispose() {} }),
    showWarningMessage: (message) => console.error(`[warning] ${message}`),
  },
};
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? vscode : load.call(this, request, ...rest);
};

let passed = 0;
const failures = [];
function expect(condition, what) {
  if (condition) passed += 1;
  else failures.push(what);
}

function nextPublished(count) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no diagnostics published in 10 s")), 10000);
    notifyPublished = () => {
      if (published.length >= count) {
        clearTimeout(timer);
        resolve(published[count - 1]);
      }
    };
    notifyPublished();
  });
}

async function main() {
  const manifest = require(path.join(extensionFolder, "package.json"));
  expect(manifest.main === "./extension.js", "package.json names extension.js as its main file");
  const extension = require(path.join(extensionFolder, manifest.main));
  await extension.activate({ subscriptions: [] });

  const first = await nextPublished(1);
  const seen = first.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]);
  expect(JSON.stringify(seen) === JSON.stringify([["unknown-type", 2, 8, 13]]), `the diagnostic of Strin: ${JSON.stringify(seen)}`);
  expect(first.diagnostics[0] && first.diagnostics[0].severity === vscode.DiagnosticSeverity.Error, "it is an error");

  for (const handler of handlers.change) {
    handler({
      document: Object.assign({}, document, { version: 2 }),
      contentChanges: [
        { range: new Range(2, 8, 2, 8), text: " " },
        { range: new Range(2, 9, 2, 14), text: "String" },
      ],
    });
  }
  const second = await nextPublished(2);
  expect(second.diagnostics.length === 0, `no diagnostics after the fix: ${JSON.stringify(second.diagnostics)}`);

  const edits = await providers.format.provideDocumentFormattingEdits(document, { tabSize: 2, insertSpaces: true });
  expect(Array.isArray(edits) && edits.length === 0, `the fixed text is already formatted: ${JSON.stringify(edits)}`);

  const symbols = await providers.symbols.provideDocumentSymbols(document);
  const outline = symbols.map((symbol) => [symbol.name, symbol.kind, symbol.children.map((child) => child.name)]);
  expect(JSON.stringify(outline) === JSON.stringify([["Issue", 4, ["b", "title"]]]), `the outline: ${JSON.stringify(outline)}`);

  const hover = await providers.hover.provideHover(document, { line: 2, character: 3 });
  expect(hover && hover.contents.value.includes("field of `Issue`"), `hover on a field: ${JSON.stringify(hover)}`);
  const definition = await providers.definition.provideDefinition(document, { line: 0, character: 8 });
  expect(definition && definition.range.start.character === 6, `the definition of a model: ${JSON.stringify(definition)}`);
  const renamed = await providers.rename.provideRenameEdits(document, { line: 0, character: 8 }, "Ticket");
  expect(renamed.edits.length === 1 && renamed.edits[0].newText === "Ticket", `rename: ${JSON.stringify(renamed)}`);
  const completions = await providers.completion.provideCompletionItems(document, { line: 1, character: 35 });
  expect(completions.some((item) => item.label === "trim"), `completion after using: ${JSON.stringify(completions.map((c) => c.label))}`);

  const status = await extension.deactivate();
  expect(status === 0, `maplang lsp exits with 0 after shutdown and exit: ${status}`);

  // A server that cannot start: activation and deactivation end, and requests fail, instead of waiting for ever.
  const missing = path.join(extensionFolder, "no-such-maplang");
  vscode.workspace.getConfiguration = () => ({ get: (key, fallback) => (key === "server.path" ? missing : fallback) });
  delete require.cache[require.resolve(path.join(extensionFolder, manifest.main))];
  const broken = require(path.join(extensionFolder, manifest.main));
  const activated = await Promise.race([
    broken.activate({ subscriptions: [] }).then(() => "ended"),
    new Promise((resolve) => setTimeout(() => resolve("still waiting after 5 s"), 5000)),
  ]);
  expect(activated === "ended", `activating with a server that cannot start ends: ${activated}`);
  expect((await broken.deactivate()) === null, "deactivating after a failed start ends");
}

const watchdog = setTimeout(() => {
  failures.push("the check did not finish in 60 s");
  finish();
}, 60000);

function finish() {
  clearTimeout(watchdog);
  for (const failure of failures) console.log(`FAIL: ${failure}`);
  console.log(`${passed} passed, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}

main().then(finish, (error) => {
  failures.push(`the session failed: ${error.message}`);
  finish();
});
