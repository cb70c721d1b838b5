// The MapLang extension: starts `maplang lsp` and connects it to the
// editor with the protocol's own messages over standard input and output,
// with no packages of its own, so the folder works as it is copied.
// Highlighting comes from the TextMate grammar and needs no server.
"use strict";

const vscode = require("vscode");
const { spawn } = require("child_process");

/** JSON-RPC over a child process, framed with `Content-Length`. */
class Connection {
  constructor(command, args, onNotification, log) {
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
    this.onNotification = onNotification;
    this.log = log;
    this.process = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    this.process.stdout.on("data", (chunk) => this.receive(chunk));
    this.process.stderr.on("data", (chunk) => log(chunk.toString()));
    this.stopped = null;
    this.exited = new Promise((resolve) => {
      this.process.on("error", (error) => {
        this.stop(`cannot start ${command}: ${error.message}`);
        resolve(null);
      });
      this.process.on("exit", (code) => {
        this.stop(`maplang lsp exited with status ${code}`);
        resolve(code);
      });
    });
  }

  /** Fails every request waiting and every later one: the server is gone. */
  stop(reason) {
    if (this.stopped) return;
    this.stopped = reason;
    this.log(reason);
    for (const { reject } of this.pending.values()) reject(new Error(reason));
    this.pending.clear();
  }

  send(message) {
    const body = Buffer.from(JSON.stringify(Object.assign({ jsonrpc: "2.0" }, message)), "utf8");
    if (!this.stopped && this.process.stdin.writable) {
      this.process.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
      this.process.stdin.write(body);
    }
  }

  request(method, params) {
    if (this.stopped) return Promise.reject(new Error(this.stopped));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ id, method, params });
    });
  }

  notify(method, params) {
    this.send({ method, params });
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const match = /content-length:\s*(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString("ascii"));
      if (!match) {
        this.log("a message from maplang lsp has no Content-Length");
        this.buffer = this.buffer.subarray(headerEnd + 4);
        continue;
      }
      const start = headerEnd + 4;
      const end = start + Number(match[1]);
      if (this.buffer.length < end) return;
      const message = JSON.parse(this.buffer.subarray(start, end).toString("utf8"));
      this.buffer = this.buffer.subarray(end);
      if (message.id !== undefined && this.pending.has(message.id)) {
        const { resolve, reject } = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) reject(new Error(message.error.message));
        else resolve(message.result);
      } else if (message.method) {
        this.onNotification(message.method, message.params);
      }
    }
  }
}

const toRange = (range) =>
  new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
const fromRange = (range) => ({
  start: { line: range.start.line, character: range.start.character },
  end: { line: range.end.line, character: range.end.character },
});

const toLocation = (location) => new vscode.Location(vscode.Uri.parse(location.uri), toRange(location.range));
const at = (document, position) => ({
  textDocument: { uri: document.uri.toString() },
  position: { line: position.line, character: position.character },
});

function toDiagnostic(item) {
  const severity = item.severity === 1 ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
  const diagnostic = new vscode.Diagnostic(toRange(item.range), item.message, severity);
  diagnostic.code = item.code;
  diagnostic.source = item.source;
  if (item.relatedInformation) {
    diagnostic.relatedInformation = item.relatedInformation.map(
      (related) =>
        new vscode.DiagnosticRelatedInformation(
          new vscode.Location(vscode.Uri.parse(related.location.uri), toRange(related.location.range)),
          related.message,
        ),
    );
  }
  return diagnostic;
}

function toSymbol(item) {
  const symbol = new vscode.DocumentSymbol(
    item.name,
    item.detail || "",
    item.kind - 1, // the protocol counts kinds from 1, VS Code from 0
    toRange(item.range),
    toRange(item.selectionRange),
  );
  symbol.children = (item.children || []).map(toSymbol);
  return symbol;
}

let connection;

async function activate(context) {
  const settings = vscode.workspace.getConfiguration("maplang");
  if (!settings.get("server.enabled", true)) return;
  const output = vscode.window.createOutputChannel("MapLang");
  const diagnostics = vscode.languages.createDiagnosticCollection("maplang");
  context.subscriptions.push(output, diagnostics);
  connection = new Connection(
    settings.get("server.path", "maplang"),
    ["lsp"],
    (method, params) => {
      if (method === "textDocument/publishDiagnostics") {
        diagnostics.set(vscode.Uri.parse(params.uri), params.diagnostics.map(toDiagnostic));
      }
    },
    (text) => output.appendLine(text.trimEnd()),
  );
  // Files, not the read-only views of other schemes (a diff's `git:` side).
  const isRules = (document) =>
    document.languageId === "maplang" && ["file", "untitled"].includes(document.uri.scheme || "file");
  const identifier = (document) => ({ uri: document.uri.toString() });
  const open = (document) => {
    if (!isRules(document)) return;
    connection.notify("textDocument/didOpen", {
      textDocument: { uri: document.uri.toString(), languageId: "maplang", version: document.version, text: document.getText() },
    });
  };
  try {
    await connection.request("initialize", {
      processId: process.pid,
      rootUri: null,
      capabilities: { general: { positionEncodings: ["utf-16"] } },
      clientInfo: { name: "vscode-maplang" },
    });
  } catch (error) {
    output.appendLine(`maplang lsp did not start: ${error.message}`);
    return;
  }
  connection.notify("initialized", {});
  vscode.workspace.textDocuments.forEach(open);
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(open),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (!isRules(event.document) || event.contentChanges.length === 0) return;
      connection.notify("textDocument/didChange", {
        textDocument: { uri: event.document.uri.toString(), version: event.document.version },
        contentChanges: event.contentChanges.map((change) => ({ range: fromRange(change.range), text: change.text })),
      });
    }),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (isRules(document)) connection.notify("textDocument/didSave", { textDocument: identifier(document) });
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (isRules(document)) connection.notify("textDocument/didClose", { textDocument: identifier(document) });
    }),
    vscode.languages.registerDocumentFormattingEditProvider("maplang", {
      async provideDocumentFormattingEdits(document, options) {
        try {
          const edits = await connection.request("textDocument/formatting", {
            textDocument: identifier(document),
            options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces },
          });
          return (edits || []).map((edit) => vscode.TextEdit.replace(toRange(edit.range), edit.newText));
        } catch (error) {
          // Formatting on save is refused while the file has syntax errors:
          // the problems list shows them, so a message on each save would only repeat them.
          output.appendLine(`formatting: ${error.message}`);
          return [];
        }
      },
    }),
    vscode.languages.registerDocumentSymbolProvider("maplang", {
      async provideDocumentSymbols(document) {
        return ((await connection.request("textDocument/documentSymbol", { textDocument: identifier(document) })) || []).map(toSymbol);
      },
    }),
    vscode.languages.registerHoverProvider("maplang", {
      async provideHover(document, position) {
        const hover = await connection.request("textDocument/hover", at(document, position));
        return hover && new vscode.Hover(new vscode.MarkdownString(hover.contents.value), toRange(hover.range));
      },
    }),
    vscode.languages.registerDefinitionProvider("maplang", {
      async provideDefinition(document, position) {
        const found = await connection.request("textDocument/definition", at(document, position));
        return found && toLocation(found);
      },
    }),
    vscode.languages.registerReferenceProvider("maplang", {
      async provideReferences(document, position, context) {
        const found = await connection.request(
          "textDocument/references",
          Object.assign(at(document, position), { context: { includeDeclaration: context.includeDeclaration } }),
        );
        return (found || []).map(toLocation);
      },
    }),
    vscode.languages.registerRenameProvider("maplang", {
      async provideRenameEdits(document, position, newName) {
        const edit = await connection.request("textDocument/rename", Object.assign(at(document, position), { newName }));
        const workspaceEdit = new vscode.WorkspaceEdit();
        for (const [uri, edits] of Object.entries((edit && edit.changes) || {})) {
          for (const change of edits) workspaceEdit.replace(vscode.Uri.parse(uri), toRange(change.range), change.newText);
        }
        return workspaceEdit;
      },
    }),
    vscode.languages.registerCompletionItemProvider(
      "maplang",
      {
        async provideCompletionItems(document, position) {
          const items = (await connection.request("textDocument/completion", at(document, position))) || [];
          return items.map((item) => {
            const completion = new vscode.CompletionItem(item.label, item.kind - 1); // kinds count from 1 in the protocol
            completion.detail = item.detail;
            return completion;
          });
        },
      },
      "|",
      ":",
    ),
  );
}

async function deactivate() {
  if (!connection) return;
  try {
    await connection.request("shutdown", null);
  } catch (error) {
    // The server is gone already; there is nothing to shut down.
  }
  connection.notify("exit", null);
  return connection.exited;
}

module.exports = { activate, deactivate };
