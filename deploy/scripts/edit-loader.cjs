// A build-time edit of one source file (deploy/scripts/build-remote.mjs --edits): the release's
// change, applied as the file is compiled — the working tree is left as it is. Fails the build when
// the text to replace is not in the file, so a test that relies on an edit cannot pass without it.
module.exports = function editLoader(source) {
  const { from, to } = this.getOptions();
  if (!source.includes(from)) {
    this.emitError(new Error(`edit-loader: ${this.resourcePath} does not contain ${JSON.stringify(from)}`));
    return source;
  }
  return source.split(from).join(to);
};
