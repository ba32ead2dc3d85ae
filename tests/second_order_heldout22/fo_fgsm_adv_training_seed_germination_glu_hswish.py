# "Fast is better than free" FGSM adversarial training (random start) for a seed-germination image
# classifier (germinated / dormant / mouldy).
import torch
import torch.nn as nn
import torch.nn.functional as F

EPS, ALPHA = 8 / 255, 10 / 255


class SeedNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.GLU(dim=1),
            nn.Conv2d(8, 8, 3, stride=2, padding=1), nn.Hardswish(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.cls = nn.Linear(8, 3)

    def forward(self, x):
        return self.cls(self.features(x))


model = SeedNet()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for epoch in range(2):
    X, y = torch.rand(8, 3, 16, 16), torch.randint(0, 3, (8,))
    delta = torch.zeros_like(X).uniform_(-EPS, EPS)
    delta.requires_grad = True
    output = model(X + delta)
    loss = F.cross_entropy(output, y)
    grad = torch.autograd.grad(loss, delta)[0]
    delta.data = torch.clamp(delta + ALPHA * torch.sign(grad), -EPS, EPS)
    delta.data = torch.max(torch.min(1 - X, delta.data), 0 - X)
    delta = delta.detach()
    output = model(torch.clamp(X + delta, 0, 1))
    loss = F.cross_entropy(output, y)
    opt.zero_grad()
    loss.backward()
    opt.step()

model.eval()
with torch.no_grad():
    acc = (model(torch.rand(8, 3, 16, 16)).argmax(1) == torch.randint(0, 3, (8,))).float().mean()
print(loss.item(), acc.item())
