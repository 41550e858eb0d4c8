import type { DocumentHead } from '@pharmacy/contracts';
import { createContext, createElement, useContext, useEffect, type ReactNode } from 'react';

export type { DocumentHead };

/** Collects the head of the page being rendered on the server (no effects run there). */
export interface HeadCollector {
  set(head: DocumentHead): void;
  /** The shop's public origin (https://…), for the absolute URLs structured data needs. */
  readonly origin: string;
}

const HeadContext = createContext<HeadCollector | null>(null);

/** The server render's head collector, around the whole app. */
export function ServerHeadProvider({ collector, children }: { collector: HeadCollector; children: ReactNode }) {
  return createElement(HeadContext.Provider, { value: collector }, children);
}

/** The page's origin: the request's on the server, the window's in the browser. */
export function usePageOrigin(): string {
  const server = useContext(HeadContext);
  return server ? server.origin : window.location.origin;
}

function metaTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  return tag;
}

function headElement<K extends 'link' | 'script'>(tagName: K, selector: string, init: (el: HTMLElementTagNameMap[K]) => void) {
  let el = document.head.querySelector<HTMLElementTagNameMap[K]>(selector);
  if (!el) {
    el = document.createElement(tagName);
    init(el);
    document.head.appendChild(el);
  }
  return el;
}

/**
 * Sets the page's title, description, robots, canonical URL and JSON-LD. On the server they are collected while
 * rendering and written into the HTML's head (so a crawler or a shopper without JavaScript gets them); in the browser
 * they are applied after render and the description is restored when the page goes, the robots tag, canonical link
 * and JSON-LD removed.
 */
export function useDocumentHead(head: DocumentHead): void {
  const server = useContext(HeadContext);
  if (server) server.set(head);
  const { title, description, canonicalPath, robots } = head;
  const jsonLd = head.jsonLd ? JSON.stringify(head.jsonLd) : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(() => {
    if (!description) return;
    const tag = metaTag('description');
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
  useEffect(() => {
    if (!robots) return;
    const tag = metaTag('robots');
    tag.content = robots;
    return () => tag.remove();
  }, [robots]);
  useEffect(() => {
    if (!canonicalPath) return;
    const link = headElement('link', 'link[rel="canonical"]', (el) => (el.rel = 'canonical'));
    link.href = new URL(canonicalPath, window.location.origin).href;
    return () => link.remove();
  }, [canonicalPath]);
  useEffect(() => {
    if (!jsonLd) return;
    const script = headElement('script', 'script[type="application/ld+json"]', (el) => (el.type = 'application/ld+json'));
    script.textContent = jsonLd;
    return () => script.remove();
  }, [jsonLd]);
}
