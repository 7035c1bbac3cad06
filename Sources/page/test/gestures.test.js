import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { createGestures, DOUBLE_TAP_INTERVAL } from '../src/gestures.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/pointer-sequences.json', import.meta.url), 'utf8'));

// Plays a recorded sequence: the actions of each pointerup/pointercancel and dblclick, and the
// non-null results of each pointermove.
function play(sequence) {
  const gestures = createGestures();
  const view = { scale: 1, x: 0, y: 0 };
  const actions = [];
  const moves = [];
  for (const event of sequence.events) {
    if (event.type === 'pointerdown') gestures.down(event, view, sequence.zoomed === true);
    else if (event.type === 'pointermove') {
      const move = gestures.move(event, false);
      if (move) moves.push(move);
    } else if (event.type === 'dblclick') actions.push(gestures.doubleClick(event));
    else actions.push(gestures.up(event, false, sequence.extent));
  }
  return { actions, moves };
}

describe('gestures from recorded pointer sequences', () => {
  for (const sequence of fixture.sequences) {
    test(sequence.name, () => {
      const result = play(sequence);
      assert.deepEqual(result.actions, sequence.actions);
      assert.deepEqual(result.moves, sequence.moves || []);
    });
  }

  test('every touch double tap in the fixtures gives exactly one doubleTap', () => {
    for (const sequence of fixture.sequences) {
      const taps = play(sequence)
        .actions.flat()
        .filter((action) => action.kind === 'doubleTap');
      // A sequence holds one double tap unless it says how many (doubleTaps).
      assert.ok(taps.length <= (sequence.doubleTaps ?? 1), sequence.name);
    }
  });
});

describe('gestures', () => {
  test('a vertical strip swipes along y', () => {
    const gestures = createGestures();
    gestures.down({ pointerId: 1, clientX: 100, clientY: 600 }, { scale: 1, x: 0, y: 0 }, false);
    assert.deepEqual(gestures.move({ pointerId: 1, clientX: 105, clientY: 400 }, true), { kind: 'drag', along: -200 });
    const actions = gestures.up(
      { type: 'pointerup', pointerId: 1, pointerType: 'touch', clientX: 105, clientY: 400, timeStamp: 10 },
      true,
      844,
    );
    assert.deepEqual(actions, [{ kind: 'step', delta: 1 }]);
  });

  test('a pointer that never went down does nothing', () => {
    const gestures = createGestures();
    assert.equal(gestures.move({ pointerId: 9, clientX: 1, clientY: 1 }, false), null);
    assert.deepEqual(
      gestures.up({ type: 'pointerup', pointerId: 9, pointerType: 'touch', clientX: 1, clientY: 1, timeStamp: 0 }, false, 100),
      [],
    );
  });

  test('a pinch starts from the page scale it finds', () => {
    const gestures = createGestures();
    const view = { scale: 3, x: 10, y: 0 };
    gestures.down({ pointerId: 1, clientX: 0, clientY: 0 }, view, true);
    assert.equal(gestures.down({ pointerId: 2, clientX: 100, clientY: 0 }, view, true), 'pinch');
    assert.deepEqual(gestures.move({ pointerId: 2, clientX: 50, clientY: 0 }, false), { kind: 'pinch', scale: 1.5, x: 25, y: 0 });
  });

  test('a tap just past the interval starts again', () => {
    const gestures = createGestures();
    const tap = (time) => {
      gestures.down({ pointerId: 1, clientX: 5, clientY: 5 }, { scale: 1, x: 0, y: 0 }, false);
      return gestures.up({ type: 'pointerup', pointerId: 1, pointerType: 'touch', clientX: 5, clientY: 5, timeStamp: time }, false, 390);
    };
    tap(0);
    assert.equal(tap(DOUBLE_TAP_INTERVAL).length, 1, 'no double tap at the interval itself');
    assert.equal(tap(DOUBLE_TAP_INTERVAL + 100).at(-1).kind, 'doubleTap');
  });
});
