// A wish's gift picture, or a plain placeholder when the list gave none (never a broken image).
export function GiftPicture({ src, size }: { src: string; size: number }) {
  return src ? <img className="ws-pic" src={src} alt="" width={size} height={size} /> : <span className="ws-pic ws-pic--none" style={{ inlineSize: size, blockSize: size }} aria-hidden="true" />
}
