// The VS Code side of badugi-spec: colouring comes from syntaxes/ (declared in
// package.json); this file only starts the language server, `badugi-spec lsp`, over stdio.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

async function activate(context) {
  const settings = vscode.workspace.getConfiguration("badugi");
  if (!settings.get("server.enabled", true)) {
    return;
  }
  const command = settings.get("server.path", "badugi-spec");
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "badugi",
    "Badugi scenarios",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "badugi" },
        { scheme: "untitled", language: "badugi" },
      ],
    }
  );
  try {
    await client.start();
  } catch (error) {
    // A missing executable or extra: say what to set, rather than fail silently.
    vscode.window.showErrorMessage(
      `Could not start '${command} lsp' (${error.message || error}). ` +
        "Set badugi.server.path to a badugi-spec installed with the lsp extra."
    );
  }
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
