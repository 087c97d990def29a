// The async boundary: shared modules (react, the router) are negotiated before bootstrap runs.
import('./bootstrap');
