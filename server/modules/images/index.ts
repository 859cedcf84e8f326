/** Product images: uploads checked and thumbnailed on the server, served with a year's cache (decision 055). */
export { catalogueImageRoutes, IMAGE_UPLOAD_PATH, productImageMediaRoutes } from './routes';
export { checkImage } from './file';
export { dropUnusedImages } from './service';
