// postman-collection needs faker only for Postman's {{$random…}} variables, which
// the try-it panel never sends. Any faker call fails with a clear message; interop
// probes see nothing.
function unsupported() {
  throw new Error('Postman dynamic variables ({{$random…}}) are not supported in the try-it panel.');
}

const faker = new Proxy(unsupported, {
  get(_target, key) {
    return typeof key === 'symbol' || key === '__esModule' || key === 'default' || key === 'then' ? undefined : faker;
  },
});

module.exports = faker;
