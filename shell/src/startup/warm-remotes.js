// @ts-check
/**
 * Inlined into index.html's <head> at build time, so it runs before main.js has even arrived:
 * it starts the remotes.json request and, as soon as that answers, warms the manifest and
 * remote entry of remote-shared and of the remote that serves this path. The federation
 * runtime then finds them in the cache instead of waiting a round trip for each.
 * Keep the path map in step with shell/src/app/app-routes.tsx (a unit test checks it).
 */
(function warmRemotes() {
  /** @type {Record<string, string>} */
  var remoteForPath = { '/': 'remote-home', '/about': 'remote-home', '/contact': 'remote-contact' };

  /** @param {string} href @param {string} as @param {() => void} [onload] */
  function preload(href, as, onload) {
    var link = document.createElement('link');
    if (onload) link.onload = onload;
    link.rel = 'preload';
    link.setAttribute('as', as);
    link.href = href;
    // The runtime fetches manifests with CORS and no credentials; scripts load without CORS.
    if (as === 'fetch') link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }

  /** @param {string} manifest */
  function preloadEntry(manifest) {
    return function () {
      preload(new URL('remoteEntry.js', manifest).href, 'script');
    };
  }

  var request = fetch('/remotes.json', { cache: 'no-cache' }).then(function (response) {
    return response.ok ? response.json() : null;
  });
  /** @type {any} */ (window).__FIRSTDAY_REMOTES_JSON__ = request;

  request
    .then(function (/** @type {Record<string, string> | null} */ locations) {
      if (!locations) return;
      var ids = ['remote-shared', remoteForPath[location.pathname]];
      for (var i = 0; i < ids.length; i += 1) {
        var id = ids[i];
        var manifest = id && locations[id];
        if (typeof manifest !== 'string') continue;
        // The entry only once the manifest came: the browser would hand a failed preload to
        // the runtime's own script tag, and then a retry could never load the remote.
        preload(manifest, 'fetch', preloadEntry(manifest));
      }
    })
    .catch(function () {
      // Nothing to warm: the shell reads remotes.json again and reports what is wrong.
    });
})();
