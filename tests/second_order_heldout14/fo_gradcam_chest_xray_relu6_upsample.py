"""Chest X-ray pneumonia classifier trained with BCE-with-logits; every few steps a Grad-CAM heatmap is
computed for monitoring (gradients of the logit w.r.t. the last feature map, no graph kept)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class XrayNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU6(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32), nn.ReLU6())
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(32, 1)

    def forward(self, x):
        fmap = self.features(x)
        return self.fc(self.pool(fmap).flatten(1)), fmap


def grad_cam(model, x):
    model.eval()
    logit, fmap = model(x)
    g, = torch.autograd.grad(logit.sum(), fmap, retain_graph=False, create_graph=False)
    weights = g.mean(dim=(2, 3), keepdim=True)
    cam = F.relu((weights * fmap).sum(1, keepdim=True))
    cam = F.interpolate(cam, size=x.shape[-2:], mode="bilinear", align_corners=False)
    model.train()
    return (cam / (cam.amax(dim=(2, 3), keepdim=True) + 1e-8)).detach()


model = XrayNet()
criterion = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0]))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(4):
    x, y = torch.rand(4, 1, 64, 64), torch.randint(0, 2, (4, 1)).float()
    logit, _ = model(x)
    loss = criterion(logit, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 2 == 0:
        heat = grad_cam(model, x[:2])
        print(step, loss.item(), heat.shape)
