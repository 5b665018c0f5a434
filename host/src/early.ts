// The early script's entry (docs/decisions/236): a bundle of its own, loaded by app.html beside main.js.
import { startEarly } from './features/federation/early-script';

declare const __SHARED_VERSION__: string;

void startEarly(window, __SHARED_VERSION__);
