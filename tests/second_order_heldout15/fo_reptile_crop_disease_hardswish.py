# Reptile (Nichol et al. 2018) for few-shot crop-disease leaf classification: first order only.
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F

net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.Hardswish(), nn.MaxPool2d(2),
                    nn.Conv2d(8, 8, 3, padding=1), nn.Hardswish(), nn.AdaptiveAvgPool2d(1),
                    nn.Flatten(), nn.Linear(8, 5))
meta_step = 0.1
for outer in range(3):
    fast = copy.deepcopy(net)
    inner_opt = torch.optim.SGD(fast.parameters(), lr=0.02)
    x, y = torch.randn(10, 3, 16, 16), torch.randint(0, 5, (10,))
    for _ in range(3):
        inner_opt.zero_grad()
        F.cross_entropy(fast(x), y).backward()
        inner_opt.step()
    with torch.no_grad():
        for p, q in zip(net.parameters(), fast.parameters()):
            p.add_(meta_step * (q - p))
    print(outer, F.cross_entropy(fast(x), y).item())
