// Stands in for the kernel entry points' own stylesheets in a remote's copy of the kernel
// (create-config.mjs, docs/decisions/223): the remote's standalone page has every Mantine style
// already, and inside the host the entry points bring theirs. Nothing to export.
export {};
