import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

const folder = new URL('../src/', import.meta.url);
const modules = readdirSync(folder).filter((name) => name.endsWith('.js'));
const source = (name) => readFileSync(new URL(name, folder), 'utf8');

describe('the modules', () => {
  test('none is over 300 lines', () => {
    for (const name of modules) assert.ok(source(name).split('\n').length <= 300, name);
  });

  test('nothing evaluates text or writes markup as HTML', () => {
    const banned = [
      'eval(',
      'new Function',
      "setTimeout('",
      'setTimeout("',
      'javascript:',
      '.innerHTML',
      'outerHTML',
      'insertAdjacentHTML',
    ];
    banned.push('document.write', 'fetch(', 'XMLHttpRequest', 'import(');
    for (const name of modules) {
      const text = source(name).replace(/^\s*\/\/.*$/gm, '');
      for (const word of banned) assert.equal(text.includes(word), false, `${name} uses ${word}`);
    }
  });

  test('nothing is set on window but the data pieces callback', () => {
    const assignments = modules.flatMap((name) =>
      [...source(name).matchAll(/window\.(\w+)\s*=[^=]/g)].map((match) => `${name}: ${match[1]}`),
    );
    assert.deepEqual(assignments, ['main.js: vitrinePiece']);
  });

  test('each module imports only modules that exist', () => {
    for (const name of modules) {
      for (const match of source(name).matchAll(/from '\.\/([\w-]+\.js)'/g)) assert.ok(modules.includes(match[1]), `${name} → ${match[1]}`);
    }
  });
});
