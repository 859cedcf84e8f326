/** Product images: uploads checked, re-encoded and thumbnailed on the server, served with a year's cache (decisions 055, 076). */
export { catalogueImageRoutes, IMAGE_UPLOAD_PATH, productImageMediaRoutes } from './routes';
export { checkImage, printableImage } from './file';
export { dropUnusedImages } from './service';
