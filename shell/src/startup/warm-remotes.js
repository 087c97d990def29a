// @ts-check
/**
 * Inlined into index.html's <head> at build time, so it runs before main.js has even arrived.
 * It starts the remotes.json request and, as soon as that answers, fetches the manifests of
 * remote-shared and of the remote that serves this path; from each manifest it preloads the
 * remote entry and the chunks and styles of the modules this page will ask for. The federation
 * runtime is then handed these manifest responses (shell/src/startup/early-manifests-plugin.ts)
 * and finds everything else already on its way, instead of discovering it one round trip at a
 * time. Keep the path map in step with shell/src/app/app-routes.tsx (a unit test checks it).
 */
(function warmRemotes() {
  /** @type {Record<string, [remote: string, expose: string]>} */
  var pageForPath = {
    '/': ['remote-home', './home-page'],
    '/about': ['remote-home', './about-page'],
    '/contact': ['remote-contact', './contact-page'],
  };
  /** @type {any} */
  var win = window;
  /** @type {Record<string, Promise<Response>>} */
  var manifests = (win.__FIRSTDAY_MANIFESTS__ = {});

  /** @param {string} href @param {string} as */
  function preload(href, as) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', as);
    link.href = href;
    document.head.appendChild(link);
  }

  /**
   * Only once a manifest has come do its files get preloaded: the browser would hand a failed
   * script preload to the runtime's own script tag, and then a retry could never load it.
   * @param {string} url @param {string | null} expose null: every module it exposes
   */
  function warm(url, expose) {
    var request = fetch(url);
    manifests[url] = request;
    request
      .then(function (response) {
        return response.ok ? response.clone().json() : null;
      })
      .then(function (/** @type {any} */ manifest) {
        if (!manifest) return;
        preload(new URL('remoteEntry.js', url).href, 'script');
        var exposes = manifest.exposes || [];
        for (var i = 0; i < exposes.length; i += 1) {
          if (expose !== null && exposes[i].path !== expose) continue;
          var assets = exposes[i].assets;
          var files = assets.js.sync.map(function (/** @type {string} */ file) {
            return [file, 'script'];
          });
          files = files.concat(
            assets.css.sync.map(function (/** @type {string} */ file) {
              return [file, 'style'];
            }),
          );
          for (var j = 0; j < files.length; j += 1)
            preload(new URL(files[j][0], url).href, files[j][1]);
        }
      })
      .catch(function () {
        // Unreachable: the runtime asks again itself and the page area reports it.
      });
  }

  var request = fetch('/remotes.json', { cache: 'no-cache' }).then(function (response) {
    return response.ok ? response.json() : null;
  });
  win.__FIRSTDAY_REMOTES_JSON__ = request;

  request
    .then(function (/** @type {Record<string, string> | null} */ locations) {
      if (!locations) return;
      if (typeof locations['remote-shared'] === 'string') warm(locations['remote-shared'], null);
      var page = pageForPath[location.pathname];
      if (page && typeof locations[page[0]] === 'string') warm(locations[page[0]], page[1]);
    })
    .catch(function () {
      // Nothing to warm: the shell reads remotes.json again and reports what is wrong.
    });
})();
