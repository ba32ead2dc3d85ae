"""DeepDream / feature visualisation on a small texture CNN: gradient ascent on the image to
excite one channel, over several octaves with random jitter. Plain first-order input gradients."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TextureCNN(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.layer1 = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(3, c, 3), nn.ReLU6())
        self.layer2 = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(c, 2 * c, 3), nn.ReLU6(), nn.AvgPool2d(2))
        self.layer3 = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(2 * c, 2 * c, 3), nn.Hardswish())

    def forward(self, x):
        return self.layer3(self.layer2(self.layer1(x)))


def dream(model, img, channel=3, octaves=3, scale=1.4, steps=5, lr=0.05, jitter=2):
    model.requires_grad_(False)
    base = img
    for o in range(octaves):
        size = [int(s * scale ** (o - octaves + 1)) for s in base.shape[-2:]]
        x = F.interpolate(base, size=size, mode="bilinear", align_corners=False).clone()
        for _ in range(steps):
            ox, oy = torch.randint(-jitter, jitter + 1, (2,)).tolist()
            x = torch.roll(x, (ox, oy), dims=(-2, -1)).detach().requires_grad_(True)
            act = model(x)[:, channel]
            obj = act.pow(2).mean()
            obj.backward()
            with torch.no_grad():
                g = x.grad / (x.grad.abs().mean() + 1e-8)
                x = torch.roll(x + lr * g, (-ox, -oy), dims=(-2, -1)).clamp(-1, 1)
        base = x.detach()
    return base


if __name__ == "__main__":
    net = TextureCNN().eval()
    out = dream(net, torch.rand(1, 3, 32, 32) * 2 - 1)
    print(out.shape, out.abs().mean().item())
