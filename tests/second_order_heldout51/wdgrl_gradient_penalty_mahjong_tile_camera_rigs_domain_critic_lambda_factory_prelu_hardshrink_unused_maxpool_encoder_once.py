"""Wasserstein distance guided representation learning (WDGRL, Shen et al., 2018) for mahjong
tile recognition: labelled crops from the overhead rig of an automatic table (source) are
adapted to unlabelled crops from a phone held at the side of the table (target).
A domain critic estimates the Wasserstein distance between source and target features and is
trained with a gradient penalty on interpolated features.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "n_classes": 9,              # bamboo 1-9
    "img": 20,
    "feat": 32,
    "critic": [
        {"type": "linear", "out": 32},
        {"type": "prelu"},
        {"type": "linear", "out": 32},
        {"type": "leaky", "slope": 0.2},
        {"type": "linear", "out": 1},
    ],
    "gp_weight": 10.0,
    "wd_weight": 0.5,
    "critic_steps": 3,
    "steps": 4,
    "batch": 16,
    "lr": 1e-3,
    "critic_lr": 1e-3,
}

LAYER_FACTORY = {
    "linear": lambda d, s: nn.Linear(d, s["out"]),
    "prelu": lambda d, s: nn.PReLU(d),
    "leaky": lambda d, s: nn.LeakyReLU(s["slope"]),
    "hardshrink": lambda d, s: nn.Hardshrink(s.get("lambd", 0.5)),
}


def build_critic(d_in, spec):
    layers, d = [], d_in
    for s in spec:
        layers.append(LAYER_FACTORY[s["type"]](d, s))
        d = s.get("out", d)
    return nn.Sequential(*layers)


class TileEncoder(nn.Module):
    def __init__(self, feat):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.MaxPool2d(2), nn.ReLU(),
            nn.Conv2d(8, 16, 3, padding=1), nn.MaxPool2d(2), nn.ReLU(),
            nn.Flatten(),
        )
        self.proj = nn.Linear(16 * 5 * 5, feat)

    def forward(self, x):
        return self.proj(self.body(x))


def tiles(n, gen, domain):
    """Bamboo tiles as stacks of sticks; the phone rig adds blur, skew and a warm colour cast."""
    y = torch.randint(0, CFG["n_classes"], (n,), generator=gen)
    img = torch.zeros(n, 1, CFG["img"], CFG["img"])
    for i, k in enumerate(y.tolist()):
        for j in range(k + 1):
            r, c = 2 + 2 * (j // 3), 3 + 5 * (j % 3)
            img[i, 0, r:r + 2, c:c + 3] = 1.0
    if domain == "phone":
        img = 0.7 * img + 0.3 * img.roll(1, dims=-1) + 0.15
    return img + 0.05 * torch.randn(img.shape, generator=gen), y


def gradient_penalty(critic, h_s, h_t, gen):
    alpha = torch.rand(h_s.size(0), 1, generator=gen)
    interp = (alpha * h_s + (1 - alpha) * h_t).requires_grad_(True)
    (grads,) = torch.autograd.grad(critic(interp).sum(), interp, create_graph=True)
    return ((grads.norm(2, dim=1) - 1) ** 2).mean()


def main():
    gen = torch.Generator().manual_seed(13)
    torch.manual_seed(13)
    enc, clf = TileEncoder(CFG["feat"]), nn.Linear(CFG["feat"], CFG["n_classes"])
    critic = build_critic(CFG["feat"], CFG["critic"])
    opt = torch.optim.Adam([*enc.parameters(), *clf.parameters()], lr=CFG["lr"])
    copt = torch.optim.Adam(critic.parameters(), lr=CFG["critic_lr"])

    for step in range(CFG["steps"]):
        xs, ys = tiles(CFG["batch"], gen, "overhead")
        xt, yt = tiles(CFG["batch"], gen, "phone")

        critic.requires_grad_(True)
        with torch.no_grad():
            h_s, h_t = enc(xs), enc(xt)
        for _ in range(CFG["critic_steps"]):
            wd = critic(h_s).mean() - critic(h_t).mean()
            c_loss = -wd + CFG["gp_weight"] * gradient_penalty(critic, h_s, h_t, gen)
            copt.zero_grad()
            c_loss.backward()
            copt.step()

        critic.requires_grad_(False)
        f_s, f_t = enc(xs), enc(xt)
        cls = F.cross_entropy(clf(f_s), ys, label_smoothing=0.1)
        wd = critic(f_s).mean() - critic(f_t).mean()
        loss = cls + CFG["wd_weight"] * wd
        opt.zero_grad()
        loss.backward()
        opt.step()

        with torch.no_grad():
            acc_t = (F.softmax(clf(enc(xt)), dim=-1).argmax(-1) == yt).float().mean().item()
        print(f"step {step} cls {cls.item():.4f} wd {wd.item():.4f} critic {c_loss.item():.4f} target acc {acc_t:.3f}")


if __name__ == "__main__":
    main()
