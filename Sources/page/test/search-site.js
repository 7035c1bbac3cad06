// The search pieces vitrine's SearchIndex made of a small gallery (fixtures/search-site.json,
// written and checked by Tests/VitrineKitTests/SearchFixtureTests.swift), read as the page reads
// them: each is a script that calls vitrinePiece(path, object), run here with a stub.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { createPieces } from '../src/pieces.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/search-site.json', import.meta.url), 'utf8'));

function readPieces() {
  const pieces = new Map();
  // Made again in this realm, so that its arrays are this realm's.
  const vitrinePiece = (path, data) => pieces.set(path, JSON.parse(JSON.stringify(data)));
  for (const script of Object.values(fixture.pieces)) runInNewContext(script, { vitrinePiece });
  return pieces;
}

export const fixturePieces = readPieces();

// The album tree as data/index.js gives it, by id.
export const albumsByID = Object.fromEntries(fixture.albums.map((album) => [album.id, album]));

// A store of pieces (pieces.js) that answers from the fixtures at once, and records each path asked for.
export function fixtureStore() {
  const asked = [];
  const store = createPieces((path, settled) => {
    asked.push(path);
    if (fixturePieces.has(path)) store.receive(path, fixturePieces.get(path));
    settled();
  });
  return { store, asked };
}
