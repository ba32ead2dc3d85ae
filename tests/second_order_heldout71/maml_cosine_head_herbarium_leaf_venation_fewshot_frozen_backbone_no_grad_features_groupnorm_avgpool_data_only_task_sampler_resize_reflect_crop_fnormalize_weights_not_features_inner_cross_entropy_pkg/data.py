"""Episode sampler for scanned herbarium sheets: every leaf crop is resized, reflect-padded and
randomly cropped on the CPU before it enters an episode."""
import torch
import torch.nn.functional as F

import config as C


def venation_image(kind, res):
    ys, xs = torch.meshgrid(torch.linspace(-1, 1, 48), torch.linspace(-1, 1, 48), indexing="ij")
    angle = 0.3 + 0.25 * kind
    veins = torch.cos(12 * (xs * torch.cos(torch.tensor(angle)) + ys.abs() * torch.sin(torch.tensor(angle))))
    leaf = ((xs / 0.6) ** 2 + ys ** 2 < 1).float()
    img = torch.stack([0.3 * leaf, 0.5 * leaf + 0.2 * veins * leaf, 0.2 * leaf])
    return img + 0.05 * torch.randn_like(img)


def load_crop(kind):
    img = venation_image(kind, C.RES).unsqueeze(0)
    img = F.interpolate(img, size=(C.RES, C.RES), mode="bilinear", align_corners=False)
    img = F.pad(img, (2, 2, 2, 2), mode="reflect")
    top, left = torch.randint(0, 5, (2,)).tolist()
    return img[0, :, top:top + C.RES, left:left + C.RES]


def sample_episode(n_classes=12):
    kinds = torch.randperm(n_classes)[: C.N_WAY]
    xs, xq, ys, yq = [], [], [], []
    for label, kind in enumerate(kinds.tolist()):
        for i in range(C.K_SHOT + C.N_QUERY):
            (xs if i < C.K_SHOT else xq).append(load_crop(kind))
            (ys if i < C.K_SHOT else yq).append(label)
    return torch.stack(xs), torch.tensor(ys), torch.stack(xq), torch.tensor(yq)
