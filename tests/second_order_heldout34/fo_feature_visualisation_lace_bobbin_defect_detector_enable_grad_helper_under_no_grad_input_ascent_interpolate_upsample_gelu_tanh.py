"""Activation maximisation for a lace-bobbin defect detector: which thread patterns excite each unit?
Input gradients are taken (first order) in an @torch.enable_grad() helper called from a no_grad loop."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BobbinDetector(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(1, 6, 3, padding=1)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.block = nn.Conv2d(6, 8, 3, stride=2, padding=1)
        self.head = nn.Linear(8, 2)

    def forward(self, x, return_units=False):
        h = F.gelu(self.stem(x), approximate="tanh")
        units = self.block(self.up(h)).mean((2, 3))
        return units if return_units else self.head(units)


@torch.enable_grad()
def ascent_step(model, img, unit, lr=0.1):
    img = img.detach().requires_grad_(True)
    jitter = F.interpolate(img, scale_factor=1.25, mode="bilinear", align_corners=False)[..., :8, :8]
    act = model(jitter, return_units=True)[:, unit].sum()
    (g,) = torch.autograd.grad(act, img)
    return img.detach() + lr * g / (g.abs().mean() + 1e-8)


def visualise(model, unit, steps=4):
    img = torch.randn(1, 1, 8, 8) * 0.1
    with torch.no_grad():
        for _ in range(steps):
            img = ascent_step(model, img, unit)
            img = img.clamp(-2, 2)
    return img


def main():
    torch.manual_seed(0)
    model = BobbinDetector()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    x, y = torch.randn(16, 1, 8, 8), torch.randint(0, 2, (16,))
    for _ in range(2):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    for p in model.parameters():
        p.requires_grad_(False)
    for unit in range(3):
        print(unit, visualise(model, unit).std().item())


if __name__ == "__main__":
    main()
