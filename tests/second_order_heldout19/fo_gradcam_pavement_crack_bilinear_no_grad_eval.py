# Grad-CAM heat maps for a pavement-crack classifier (create_graph=False) and a torch.no_grad() evaluation pass.
import torch
import torch.nn as nn
import torch.nn.functional as F


class CrackNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU6(),
                                      nn.Conv2d(8, 8, 3, padding=1), nn.Hardswish())
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 2)
        self.log_softmax = nn.LogSoftmax(dim=1)

    def forward(self, x, return_maps=False):
        maps = self.features(x)
        logits = self.fc(self.gap(maps).flatten(1))
        return (logits, maps) if return_maps else logits


def grad_cam(model, img, cls):
    logits, maps = model(img, return_maps=True)
    score = logits[:, cls].sum()
    g, = torch.autograd.grad(score, maps, create_graph=False)
    weights = F.adaptive_avg_pool2d(g, 1)
    cam = F.relu((weights * maps).sum(1, keepdim=True))
    cam = F.interpolate(cam, size=img.shape[-2:], mode="bilinear", align_corners=False)
    return (cam / (cam.amax(dim=(2, 3), keepdim=True) + 1e-8)).detach()


model = CrackNet()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
imgs, labels = torch.randn(4, 3, 16, 16), torch.randint(0, 2, (4,))
opt.zero_grad()
F.nll_loss(model.log_softmax(model(imgs)), labels).backward()
opt.step()

model.eval()
heat = grad_cam(model, imgs[:1], cls=1)
with torch.no_grad():
    acc = (model(imgs).argmax(1) == labels).float().mean()
print(heat.shape, acc.item())
