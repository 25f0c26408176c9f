/* The project's Python engine in the page, through Pyodide (docs/play/, docs/playground/).
 *
 * Only a page holding an element of class `badugi-engine` loads anything: the build's
 * manifest first (site/pyodide/manifest.json, written by badugi_spec/web/pyodide_build.py),
 * then the runtime with the engine's start as the build prepared it
 * (badugi_spec/web/pyodide_start.py): a memory snapshot of a Pyodide that has imported the
 * package and dealt a first hand, restored instead of starting Python, and the package's
 * files written into Pyodide's file system from one gzip. A build without them (no Node)
 * starts Python and unpacks the wheels here, as a browser that cannot ungzip does. Every
 * file comes from this site; a build without Pyodide says so in its manifest, and the
 * page says it in words.
 *
 * window.badugiEngine.load(root, progress) resolves to an engine whose call(name, args)
 * sends JSON to badugi_spec.web.entry.call and parses its JSON answer.
 *
 * The runtime's files and the snapshot have the same addresses from every page (root +
 * "pyodide/"), so the browser's cache holds one copy for the play page, the playground and
 * the rest: a second visit, or a second page, fetches nothing it has. A page calls load()
 * as soon as its script runs, and draws its controls without waiting; what the first deal
 * does not need (the digests of the files fetched, the package's fingerprint) is worked
 * out after it.
 */
(function () {
  "use strict";

  class EngineMissing extends Error {}

  const loading = new Map();

  /* What the first deal imports, cut into parts (Lark and the scenario parser are not
   * among them: the playground imports them when its page asks for the engine). */
  const IMPORTS = [
    ["the engine", ["badugi_spec.engine"]],
    ["the trainer", ["badugi_spec.trainer", "badugi_spec.web.play"]],
    ["the page's entry", ["badugi_spec.web.entry"]],
  ];
  const PLAYGROUND = ["the playground's scenario runner", ["badugi_spec.web.playground"]];

  /* How long a snapshot's restore may take before Python is started afresh instead. It
   * takes 1 to 4 s on a 2-core machine; a snapshot this browser cannot use may never
   * settle (Pyodide 0.29 prints "wasm instantiation failed!" and its promise neither
   * resolves nor rejects), which without a deadline left the page loading for ever. */
  const RESTORE_SECONDS = 20;

  /* `promise`, or a rejection naming `what` once `ms` have passed without it settling. */
  function deadline(promise, ms, what) {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not start within ${ms / 1000} s`)), ms);
    });
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
  }

  function loadScript(url) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error("could not load " + url));
      document.head.appendChild(script);
    });
  }

  async function sha256(buffer) {
    // crypto.subtle exists on https and on localhost only; elsewhere the digest is left out.
    if (!(window.crypto && window.crypto.subtle)) return "";
    const digest = await window.crypto.subtle.digest("SHA-256", buffer);
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function fetchOk(url, what) {
    let response;
    try {
      response = await fetch(url);
    } catch (error) {
      throw new Error(`could not fetch ${what}: ${error.message}`);
    }
    if (!response.ok) throw new Error(`could not fetch ${what}: HTTP ${response.status}`);
    return response;
  }

  /* A gzip ungzipped by the browser itself (DecompressionStream), as bytes. */
  async function gunzip(buffer) {
    const stream = new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  /* The build's files.bin.gz (pyodide_start.py), ungzipped: a little-endian length, a
   * JSON list of [path, size], then the files' bytes; each written under the working
   * directory, where the wheels would have been unpacked. */
  function writeFiles(FS, bytes) {
    const length = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
    const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
    const home = FS.cwd();
    const made = new Set();
    let at = 4 + length;
    for (const [path, size] of index) {
      const full = `${home}/${path}`;
      const folder = full.slice(0, full.lastIndexOf("/"));
      if (!made.has(folder)) {
        FS.mkdirTree(folder);
        made.add(folder);
      }
      FS.writeFile(full, bytes.subarray(at, at + size));
      at += size;
    }
  }

  /* Pyodide 0.29 compiles its module with WebAssembly.instantiateStreaming and takes no
   * module of ours: while it loads, that call is given the module compiled early from the
   * same file (`start`), so the 8 MB are compiled once, not twice. Anything else, or an
   * early compile that failed, goes to the browser's own. Returns the undoing. */
  function useEarly(url, early) {
    const own = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = async function (source, imports) {
      const response = await source;
      const module = response && response.url === url ? await early : null;
      if (!module) return own.call(WebAssembly, response, imports);
      if (response.body) response.body.cancel().catch(() => {});
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    };
    return () => {
      WebAssembly.instantiateStreaming = own;
    };
  }

  async function start(root, progress) {
    const base = new URL(root + "pyodide/", window.location.href);
    const timings = {};
    const began = performance.now();
    const lap = (name) => {
      timings[name] = Math.round(performance.now() - began);
    };
    timings.start = Math.round(began);
    progress("Reading this build's manifest", 0);
    let manifest;
    try {
      const response = await fetch(new URL("manifest.json", base));
      manifest = response.ok ? await response.json() : null;
    } catch (error) {
      manifest = null;
    }
    if (!manifest) {
      throw new EngineMissing("this build of the site has no engine in the page (no pyodide/manifest.json)");
    }
    if (!manifest.enabled) throw new EngineMissing(manifest.reason);
    lap("manifest");
    // Compiling pyodide.asm.wasm (8 MB) is most of a warm visit's wait, and Pyodide starts
    // it only once its script and lock file are in: started here instead, beside them.
    const wasm = new URL("pyodide.asm.wasm", base).href;
    let early = null;
    if (window.WebAssembly && WebAssembly.compileStreaming) {
      early = WebAssembly.compileStreaming(fetch(wasm)).then(
        (module) => (lap("compiled"), module),
        () => null,
      );
    }
    const script = loadScript(new URL("pyodide.js", base).href);
    script.catch(() => {}); // awaited below
    // Everything the first deal needs is asked for at once: the runtime, the engine's
    // files and the rules' places travel together, so none costs a wait of its own.
    progress("Fetching the Python runtime (about 20 MB the first time, then from the cache)", 1);
    const fetched = new Map(); // each file's name -> its bytes as fetched, for the digests
    const get = (name) => {
      if (!fetched.has(name)) {
        const bytes = fetchOk(new URL("wheels/" + name, base), name).then((r) => r.arrayBuffer());
        bytes.catch(() => {}); // awaited where it is used
        fetched.set(name, bytes);
      }
      return fetched.get(name);
    };
    // The started engine the build keeps (a memory snapshot) and its files; a build
    // without them, or a browser that cannot ungzip, starts Python from the wheels.
    const prepared = Boolean(manifest.snapshot && manifest.files && window.DecompressionStream);
    const unzipped = (bytes, name) => gunzip(bytes).then((out) => (lap(name), out));
    const snapshot = prepared ? get(manifest.snapshot).then((b) => unzipped(b, "snapshot")) : null;
    const files = prepared ? get(manifest.files).then((b) => unzipped(b, "files")) : null;
    if (!prepared) manifest.wheels.forEach(get);
    const rulesWanted = fetchOk(new URL("rules.json", base), "rules.json")
      .then((response) => response.json())
      .catch(() => ({})); // the narration then shows rule IDs without links
    await script;
    lap("script");
    if (typeof window.loadPyodide !== "function") throw new Error("pyodide.js defined no loadPyodide");
    let pyodide = null;
    const undoEarly = early ? useEarly(wasm, early) : () => {};
    if (prepared) {
      try {
        pyodide = await deadline(
          window.loadPyodide({ indexURL: base.href, _loadSnapshot: snapshot }),
          RESTORE_SECONDS * 1000,
          "the engine's snapshot",
        );
        lap("runtime");
        progress("Writing the engine's files", 2);
        writeFiles(pyodide.FS, await files);
        // The snapshot's random generator would give every visit the same numbers.
        pyodide.runPython("import random\nrandom.seed()");
      } catch (error) {
        pyodide = null; // a snapshot this browser cannot use: Python starts afresh below
        timings.snapshotFailed = String(error && error.message ? error.message : error);
      }
    }
    const restored = pyodide !== null;
    if (!pyodide) {
      pyodide = await window.loadPyodide({ indexURL: base.href });
      lap("runtime");
      progress("Unpacking the project's wheel and Lark's", 2);
      const wheels = await Promise.all(manifest.wheels.map(get));
      wheels.forEach((buffer) => pyodide.unpackArchive(buffer, "wheel"));
      if (manifest.bytecode) pyodide.unpackArchive(await get(manifest.bytecode), "zip");
    }
    undoEarly(); // Pyodide has its module: the browser's own instantiateStreaming again
    lap(restored ? "restored" : "wheels");
    // Importing runs on the page's one thread: a few parts, with a pause between them in
    // which the page answers clicks, rather than seconds in one piece. The snapshot has
    // them imported already (pyodide_start.START_SCRIPT): its pauses were all it cost.
    const every = document.getElementById("badugi-playground") ? [...IMPORTS, PLAYGROUND] : IMPORTS;
    const parts = restored ? [] : every;
    for (const [part, modules] of parts) {
      progress(`Importing the engine: ${part}`, 3);
      await new Promise((resolve) => setTimeout(resolve, 0));
      pyodide.runPython(modules.map((name) => `import ${name}`).join("\n"));
      lap("import " + modules.join(","));
    }
    lap("imported");
    // One proxy of the Python function, kept for the page's life: it is never freed.
    const pyCall = pyodide.runPython("import badugi_spec.web.entry\nbadugi_spec.web.entry.call");
    const rules = await rulesWanted;
    const digests = {};
    let about = null;
    const engine = {
      restored,
      manifest,
      digests,
      timings,
      rules,
      root,
      pyodide: pyodide.version,
      call(name, args) {
        const started = performance.now();
        let answer;
        try {
          answer = JSON.parse(pyCall(name, JSON.stringify(args || {})));
        } catch (error) {
          // A Python error past entry.call (it catches its own), or the runtime itself.
          answer = { status: "crash", message: String(error && error.message ? error.message : error) };
        }
        answer.ms = Math.round(performance.now() - started);
        return answer;
      },
      ruleHref(id) {
        return rules[id] ? root + rules[id] : null;
      },
      // Which engine this is (its version, fingerprint and profiles): the fingerprint
      // reads every file of the package, so it is worked out when first asked for.
      get about() {
        if (about === null) about = engine.call("about");
        return about;
      },
    };
    lap("ready");
    progress("Ready", 4);
    // The digests of the files fetched are not needed to play: worked out once idle.
    setTimeout(() => {
      for (const [name, bytes] of fetched) {
        bytes.then(sha256).then((digest) => (digests[name] = digest), () => {});
      }
    }, 0);
    return engine;
  }

  function load(root, progress) {
    if (!loading.has(root)) loading.set(root, start(root, progress || (() => {})));
    return loading.get(root);
  }

  // ----- helpers shared by the two pages ---------------------------------------------

  const SUITS = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };
  const FACE = /(10|[A2-9TJQK])?([♠♥♦♣])/g;
  const RULE = /\bR\d+\.\d+\b/g;

  function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  }

  /* A line of plain text as HTML: card faces in the site's four colours, rule IDs as
   * links to their place in the rules (when the engine knows it). */
  function decorate(text, engine) {
    let html = escapeHtml(text).replace(FACE, (face, rank, suit) =>
      rank ? `<span class="card ${SUITS[suit]}">${face}</span>` : `<span class="suit ${SUITS[suit]}">${face}</span>`
    );
    if (engine) {
      html = html.replace(RULE, (id) => {
        const href = engine.ruleHref(id);
        return href ? `<a class="rule-link" href="${href}">${id}</a>` : id;
      });
    }
    return html;
  }

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      node.setAttribute(name, value === true ? "" : value);
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* The loading panel: the steps with a tick as each is done, then the engine or why not. */
  function progressPanel(container) {
    const steps = [
      "Reading this build's manifest",
      "Fetching the Python runtime",
      "Writing the engine's files",
      "Importing the engine",
    ];
    const status = container.querySelector(".engine-status") || element("p", { class: "engine-status" });
    status.setAttribute("role", "status");
    status.textContent = "Loading the engine…";
    container.prepend(status);
    const list = element("ol", { class: "engine-steps" });
    steps.forEach((step) => list.appendChild(element("li", {}, step)));
    status.after(list);
    container.setAttribute("aria-busy", "true");
    const began = performance.now();
    return {
      step(text, index) {
        list.querySelectorAll("li").forEach((li, i) => {
          li.className = i < index ? "done" : i === index ? "now" : "";
        });
        status.textContent = index < steps.length ? `Loading the engine: ${text}…` : "";
      },
      done(engine) {
        const seconds = ((performance.now() - began) / 1000).toFixed(1);
        list.remove();
        container.removeAttribute("aria-busy");
        const kept = engine.restored ? " (started from the snapshot this build keeps)" : "";
        status.textContent = `Engine ready in ${seconds} s: badugi-spec ${engine.manifest.version} on Pyodide ${engine.pyodide}${kept}.`;
        status.classList.add("ready");
      },
      failed(error) {
        list.remove();
        container.removeAttribute("aria-busy");
        status.classList.add(error instanceof EngineMissing ? "missing" : "failed");
        status.textContent =
          error instanceof EngineMissing
            ? `The engine in the page is not part of this build: ${error.message}. The rest of the site works without it; badugi-spec at a terminal does all this page does.`
            : `The engine could not start: ${error.message}`;
      },
    };
  }

  window.badugiEngine = { load, decorate, element, escapeHtml, progressPanel, deadline, EngineMissing };
})();
