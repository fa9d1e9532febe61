// A case picture: the catalogue image served by the site (/img/case/<hash>.webp), or (no catalogue
// picture, broken link) a drawn box with the case's name.
import { useState } from "react";
import { siteImageUrl } from "../../../../shared/images";
import { CasesIcon } from "../../ui/icons";

export function CaseImage({ name, image: catalogueUrl, size }: { name: string; image: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = siteImageUrl("case", catalogueUrl);
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
