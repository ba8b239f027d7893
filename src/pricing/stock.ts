import type { Offer, Part } from '../catalog/model';

/** An offer's free stock as a count ≥ 0 (missing or negative reads as none). */
export function stockCount(offer: Pick<Offer, 'stock'>): number {
  return typeof offer.stock === 'number' && Number.isFinite(offer.stock) && offer.stock > 0 ? offer.stock : 0;
}

/**
 * The offers with each sourcePartId once. Offers arrive merged per sourcePartId (one offer lists every
 * website publishing it); should the same id still appear twice, it is the same stock published twice,
 * so one copy is kept: the one with the most stock (the first on a tie), at the first copy's position.
 * Offers without a sourcePartId cannot be matched and are all kept.
 */
export function uniqueOffers<T extends Pick<Offer, 'sourcePartId' | 'stock'>>(offers: readonly T[]): T[] {
  if (offers.length <= FEW_OFFERS) return fewUnique(offers);
  const kept: T[] = [];
  const slot = new Map<string, number>();
  for (let k = 0; k < offers.length; k++) {
    const offer = offers[k];
    const id = offer.sourcePartId;
    if (!id) {
      kept.push(offer);
      continue;
    }
    const at = slot.get(id);
    if (at === undefined) {
      slot.set(id, kept.length);
      kept.push(offer);
    } else if (stockCount(offer) > stockCount(kept[at])) {
      kept[at] = offer;
    }
  }
  return kept;
}

/** Up to this many offers (a part has a handful), uniqueOffers compares ids directly rather than keep a map. */
const FEW_OFFERS = 12;

/** uniqueOffers for a few offers: the same copies kept at the same positions. */
function fewUnique<T extends Pick<Offer, 'sourcePartId' | 'stock'>>(offers: readonly T[]): T[] {
  const kept: T[] = [];
  for (let k = 0; k < offers.length; k++) {
    const offer = offers[k];
    const id = offer.sourcePartId;
    const at = id ? keptAt(kept, id) : -1;
    if (at < 0) kept.push(offer);
    else if (stockCount(offer) > stockCount(kept[at])) kept[at] = offer;
  }
  return kept;
}

function keptAt(kept: ReadonlyArray<Pick<Offer, 'sourcePartId'>>, id: string): number {
  for (let at = 0; at < kept.length; at++) if (kept[at].sourcePartId === id) return at;
  return -1;
}

/** Free stock across offers, each sourcePartId counted once. */
export function stockOf(offers: ReadonlyArray<Pick<Offer, 'sourcePartId' | 'stock'>>): number {
  return uniqueOffers(offers).reduce((sum, offer) => sum + stockCount(offer), 0);
}

/** Free stock of a part across all its offers, never counting the same stock twice. */
export function freeStock(part: Pick<Part, 'offers'>): number {
  return stockOf(part.offers);
}
