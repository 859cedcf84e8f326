/** A certificate a poster can be printed for: approved by the marketplace's moderation. */
export interface PosterProduct {
  id: string;
  name: string;
}
