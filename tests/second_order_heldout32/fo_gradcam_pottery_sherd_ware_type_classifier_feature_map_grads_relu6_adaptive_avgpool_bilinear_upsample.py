"""Train a ware-type classifier on pottery sherd photos, then explain predictions with Grad-CAM."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SherdNet(nn.Module):
    def __init__(self, n_types=5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU6(),
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU6(),
        )
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, n_types)

    def forward(self, x, return_maps=False):
        maps = self.features(x)
        logits = self.fc(self.gap(maps).flatten(1))
        return (logits, maps) if return_maps else logits


def grad_cam(model, img, cls=None):
    model.eval()
    logits, maps = model(img, return_maps=True)
    cls = logits.argmax(1) if cls is None else cls
    score = logits.gather(1, cls[:, None]).sum()
    (dmaps,) = torch.autograd.grad(score, maps)
    weights = dmaps.mean((2, 3), keepdim=True)
    cam = F.relu((weights * maps).sum(1, keepdim=True))
    cam = F.interpolate(cam, size=img.shape[-2:], mode="bilinear", align_corners=False)
    return (cam / cam.amax((2, 3), keepdim=True).clamp_min(1e-8)).detach()


def main(epochs=3):
    torch.manual_seed(0)
    model = SherdNet()
    opt = torch.optim.Adam(model.parameters(), 1e-3)
    imgs, types = torch.rand(16, 3, 12, 12), torch.randint(0, 5, (16,))
    for ep in range(epochs):
        loss = F.cross_entropy(model(imgs), types)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(ep, loss.item())
    heat = grad_cam(model, imgs[:2])
    print(heat.shape, heat.mean().item())


if __name__ == "__main__":
    main()
