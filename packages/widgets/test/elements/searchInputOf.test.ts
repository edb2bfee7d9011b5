import { describe, expect, it } from 'vitest';
import { searchInputOf } from '../../src/elements/searchInputOf.ts';

function form(html: string): HTMLFormElement {
  document.body.innerHTML = html;
  return document.querySelector('form')!;
}

describe('searchInputOf', () => {
  it('finds the field of a form marked role=search', () => {
    const found = searchInputOf(form('<form role="search" action="/find"><input type="text" name="query"><button>Go</button></form>'));
    expect(found?.name).toBe('query');
  });

  it('finds the field of a form inside a role=search landmark', () => {
    expect(searchInputOf(form('<div role="search"><form><input name="term"></form></div>'))?.name).toBe('term');
  });

  it('finds a field of type search in an unmarked form, after a hidden one', () => {
    const found = searchInputOf(
      form('<form action="/"><input type="hidden" name="lang" value="en"><input type="search" name="query"></form>'),
    );
    expect(found?.name).toBe('query');
  });

  it('finds WordPress’s field named s', () => {
    const found = searchInputOf(
      form('<form class="search-form" action="https://blog.example/"><label>Search for: <input type="text" name="s"></label></form>'),
    );
    expect(found?.name).toBe('s');
  });

  it('leaves a comment form, a login form and a newsletter form alone', () => {
    expect(searchInputOf(form('<form method="post" role="search"><input type="search" name="s"></form>'))).toBeUndefined();
    expect(searchInputOf(form('<form><input type="text" name="user"><input type="password" name="pass"></form>'))).toBeUndefined();
    expect(searchInputOf(form('<form><input type="email" name="email"></form>'))).toBeUndefined();
  });

  it('leaves a search field without a name alone: the form sends no text', () => {
    expect(searchInputOf(form('<form role="search"><input type="search"></form>'))).toBeUndefined();
  });

  it('leaves the fallback form of a search box alone', () => {
    document.body.innerHTML = '<trove-search-box><form role="search"><input type="search" name="q"></form></trove-search-box>';
    expect(searchInputOf(document.querySelector('form')!)).toBeUndefined();
  });
});
