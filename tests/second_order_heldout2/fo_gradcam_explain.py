"""Grad-CAM heat maps for a trained CNN: gradients of the class score w.r.t. activations, no create_graph."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CNN(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 32, 3, padding=1), nn.Hardswish(), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.Hardswish(),
        )
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(64, classes)

    def forward(self, x):
        acts = self.features(x)
        return self.fc(self.gap(acts).flatten(1)), acts


def grad_cam(model, image, target_class=None):
    model.eval()
    logits, acts = model(image)
    cls = logits.argmax(1) if target_class is None else target_class
    score = logits.gather(1, cls.view(-1, 1)).sum()
    (g,) = torch.autograd.grad(score, acts)
    weights = g.mean(dim=(2, 3), keepdim=True)
    cam = F.relu((weights * acts).sum(1, keepdim=True))
    cam = F.interpolate(cam, size=image.shape[-2:], mode="bilinear", align_corners=False)
    return (cam - cam.amin()) / (cam.amax() - cam.amin() + 1e-8)


def finetune_then_explain(loader, images, epochs=1):
    model = CNN()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for x, y in loader:
            logits, _ = model(x)
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return [grad_cam(model, img.unsqueeze(0)) for img in images]
