// A case picture: the site's own path the cases API answers (/img/case/<hash>.webp), or (null: not
// a catalogue picture; a broken link) a drawn box with the case's name. Only a site path is loaded.
import { useState } from "react";
import { CasesIcon } from "../../ui/icons";

export function CaseImage({ name, image: sitePath, size }: { name: string; image: string | null; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  // the API already answers the site path; anything else is never requested
  const image = sitePath && /^\/img\/case\/[0-9a-f]{64}\.webp$/.test(sitePath) ? sitePath : null;
  const style = { width: size, height: size };
  if (image && failed !== image) {
    return (
      <span className="case-image" style={style}>
        <img src={image} alt="" width={size} height={size} loading="lazy" decoding="async" draggable={false} onError={() => setFailed(image)} />
      </span>
    );
  }
  return (
    <span className="case-image case-image--drawn" style={style} aria-hidden="true" title={name}>
      <CasesIcon />
    </span>
  );
}
