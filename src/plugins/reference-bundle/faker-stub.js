// Stands in for @faker-js/faker in the browser bundle: postman-collection
// needs it only for Postman's {{$random…}} variables, which the try-it panel
// never sends, and the real module would add megabytes to the panel. Any
// faker.x.y() call fails with a clear message; module interop probes see nothing.
function unsupported() {
  throw new Error('Postman dynamic variables ({{$random…}}) are not supported in the try-it panel.');
}

const faker = new Proxy(unsupported, {
  get(_target, key) {
    return typeof key === 'symbol' || key === '__esModule' || key === 'default' || key === 'then' ? undefined : faker;
  },
});

module.exports = faker;
