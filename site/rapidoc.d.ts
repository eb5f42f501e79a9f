// RapiDoc ships no types: /developers only loads it for the <rapi-doc> element it defines.
declare module 'rapidoc';
