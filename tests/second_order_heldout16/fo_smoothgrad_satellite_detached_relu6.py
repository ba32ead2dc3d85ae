# Land-use classifier on Sentinel-2 chips: training, then SmoothGrad saliency and an input-gradient-norm
# diagnostic computed on a detached copy (create_graph=False); nothing is differentiated twice.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ChipNet(nn.Module):
    def __init__(self, bands=4, n_cls=7):
        super().__init__()
        self.conv1 = nn.Conv2d(bands, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(32, n_cls)

    def forward(self, x):
        x = F.relu6(self.conv1(x))
        x = F.relu6(self.conv2(x))
        return self.fc(self.pool(x).flatten(1))


def smoothgrad(model, x, target, n=4, sigma=0.1):
    total = torch.zeros_like(x)
    for _ in range(n):
        xn = (x + sigma * torch.randn_like(x)).requires_grad_(True)
        score = model(xn).gather(1, target[:, None]).sum()
        total += torch.autograd.grad(score, xn, create_graph=False)[0]
    return total / n


model = ChipNet()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(3):
    chips, labels = torch.randn(8, 4, 16, 16), torch.randint(0, 7, (8,))
    logits = model(chips)
    loss = F.cross_entropy(logits, labels)
    probe = chips.detach().clone().requires_grad_(True)
    gnorm = torch.autograd.grad(F.cross_entropy(model(probe), labels), probe, create_graph=False)[0].norm()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item(), gnorm.item())

model.eval()
chips = torch.randn(2, 4, 16, 16)
with torch.no_grad():
    pred = model(chips).argmax(1)
sal = smoothgrad(model, chips, pred)
