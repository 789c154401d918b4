// The real server renderer, from source: tests serve pages without building the web app first.
export { render } from '../../../../src/web/entry-server.tsx';
