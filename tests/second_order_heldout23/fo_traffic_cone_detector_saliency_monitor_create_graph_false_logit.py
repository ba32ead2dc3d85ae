# Roadwork traffic-cone presence classifier; logs an input-saliency norm every step for
# monitoring only (create_graph=False, the saliency never enters the loss).
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.Hardswish(), nn.AdaptiveAvgPool2d(4))
        self.head = nn.Linear(16 * 16, 1)

    def forward(self, img):
        return torch.sigmoid(self.head(self.features(img).flatten(1))).squeeze(-1)


model = ConeNet()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(3):
    img = torch.rand(8, 3, 16, 16).requires_grad_(True)
    y = (torch.rand(8) > 0.5).float()
    prob = model(img)
    logit = torch.logit(prob, eps=1e-6)
    loss = F.binary_cross_entropy(prob, y)
    sal = torch.autograd.grad(logit.sum(), img, retain_graph=True, create_graph=False)[0]
    sal_norm = sal.abs().amax(dim=1).mean().item()
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    opt.step()
    print(f"step {step} loss {loss.item():.3f} saliency {sal_norm:.4f}")
