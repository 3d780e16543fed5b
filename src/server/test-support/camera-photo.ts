import sharp from 'sharp';

/**
 * A camera's photo, for the upload tests of the API and of the browser: 4000×3000, with the camera's make and
 * a GPS position in its EXIF, which no file the site serves may keep.
 */
export function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Sampark Camera', Model: 'Test 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '18/1 31/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '73/1 51/1 0/1',
      },
    })
    .toBuffer();
}
