import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { differenceOf } from '../../src/model/difference';
import { urlDifference } from '../../src/model/urlDifference';

const t = (type: string, value: unknown) => ({ type, value });

test('one transformation applied throughout is named, wherever it shows', () => {
  assert.equal(differenceOf('AbC', 'abc'), 'lower-cased');
  assert.equal(differenceOf({ a: t('string', 'Xy'), b: t('string', 'Q') }, { a: t('string', 'xy'), b: t('string', 'q') }), 'lower-cased');
  assert.equal(differenceOf([t('string', 'A1')], [t('string', 'a1')]), 'lower-cased');
  assert.equal(differenceOf({ ok: true, off: false }, { ok: 1, off: 0 }), 'bool-as-int');
  assert.equal(differenceOf(t('bool', true), t('int', 1)), 'bool-as-int');
  assert.equal(differenceOf({ ok: true, off: false }, { ok: 'true', off: 'false' }), 'bool-as-string');
  assert.equal(differenceOf({ list: [1, 2, 3] }, { list: ['1', '2', '3'] }), 'number-as-string');
  assert.equal(differenceOf({ a: 1, b: null }, { a: 1 }), 'null-dropped');
  assert.equal(differenceOf([], {}), 'list-as-map');
  assert.equal(differenceOf({}, []), 'map-as-list');
  assert.equal(differenceOf(t('string', '7'), t('Context', { params: { id: '7' } })), 'became:Context');
  assert.equal(differenceOf({ clock: t('Clock', 'clock'), id: t('string', '7') }, { clock: t('Context', {}), id: t('Context', {}) }), 'became:Context', 'one object for a class and a route value alike');
  assert.equal(differenceOf([], ''), 'empty-as-nothing');
  assert.equal(differenceOf('<p>&lt;b&gt;</p>', '<p>&amp;lt;b&amp;gt;</p>'), 'html-escaped');
  assert.equal(differenceOf(t('int', 7), t('string', '7')), 'uncast:int');
  assert.equal(differenceOf(t('float', 1.5), t('string', '1.5')), 'uncast:float', 'each declared type its own cast');
  assert.equal(differenceOf('<p>a &amp; b</p>', '<p>a &amp;amp; b</p>'), 'html-escaped', 'escaped once more');
  assert.equal(differenceOf('a & b', 'a &amp; b'), 'html-escaped');
  assert.equal(differenceOf('a b', 'a+b'), 'plus-for-space');
  assert.equal(differenceOf('/users/', '/users'), 'trailing-slash');
  assert.equal(differenceOf('x', undefined), 'missing');
});

test('two transformations, or none, have no name: they are never taken for one fault', () => {
  assert.equal(differenceOf({ a: 'X', b: true }, { a: 'x', b: 1 }), undefined);
  assert.equal(differenceOf('abc', 'xyz'), undefined);
  assert.equal(differenceOf({ a: 1 }, { a: 1 }), undefined);
  assert.equal(differenceOf(t('string', 'a'), t('string', 'b')), undefined);
});

test('a generated URL is compared as segments and entries: what moved, what went, what changed', () => {
  const expected = { segments: ['users', '7'], query: [['tab', 'x'] as [string, string]] };
  assert.equal(urlDifference(expected, '/users?id=7&tab=x'), 'segment-in-query');
  assert.equal(urlDifference(expected, '/users/{id}?id=7&tab=x'), 'segment-in-query');
  assert.equal(urlDifference(expected, '/users/?id=7&tab=x'), 'segment-in-query');
  assert.equal(urlDifference(expected, '/users/{id}?tab=x'), 'unfilled');
  assert.equal(urlDifference(expected, '/users/7'), 'query-dropped');
  assert.equal(urlDifference({ segments: ['Users', 'Ab'], query: [] }, '/users/ab'), 'lower-cased');
  assert.equal(urlDifference('/a/b c', '/a/b%2520c'), 'percent-encoded');
  assert.equal(urlDifference(expected, '/users/7?tab=x'), undefined);
});
