// Async boundary: shared modules are negotiated before the app's own code runs.
void import('./bootstrap');
