"""Fast adversarial training (FGSM with random start, Wong et al. 2020) for a postage-stamp perforation gauge."""
import torch
import torch.nn as nn
import torch.nn.functional as F

EPS = 4 / 255
ALPHA = 5 / 255

model = nn.Sequential(
    nn.Conv2d(1, 16, 3, padding=1), nn.PReLU(16), nn.AvgPool2d(2),
    nn.Conv2d(16, 32, 3, padding=1), nn.PReLU(32), nn.AvgPool2d(2),
    nn.Flatten(), nn.Linear(32 * 4 * 4, 6),
)
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

for it in range(3):
    x = torch.rand(8, 1, 16, 16)
    y = torch.randint(0, 6, (8,))
    delta = torch.empty_like(x).uniform_(-EPS, EPS).requires_grad_(True)
    loss_adv = F.cross_entropy(model(x + delta), y)
    grad_delta, = torch.autograd.grad(loss_adv, delta)
    delta = (delta + ALPHA * grad_delta.sign()).clamp(-EPS, EPS).detach()
    x_adv = (x + delta).clamp(0, 1)
    loss = F.cross_entropy(model(x_adv), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
