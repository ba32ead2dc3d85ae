"""Universal adversarial perturbation against a camera-trap species classifier (frozen), learned
with signed gradient steps; the classifier itself is never updated."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(3)

classifier = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1),
    nn.PReLU(8),
    nn.AvgPool2d(2),
    nn.Conv2d(8, 16, 3, padding=1),
    nn.Hardswish(),
    nn.AvgPool2d(2),
    nn.Flatten(),
    nn.Linear(16 * 4 * 4, 10),
)
classifier.eval()
for p in classifier.parameters():
    p.requires_grad_(False)

xi = 8 / 255
uap = torch.zeros(1, 3, 16, 16, requires_grad=True)
for epoch in range(3):
    frames = torch.rand(6, 3, 16, 16)
    with torch.no_grad():
        species = classifier(frames).argmax(1)
    loss = -F.cross_entropy(classifier((frames + uap).clamp(0, 1)), species)
    loss.backward()
    with torch.no_grad():
        uap -= 2 / 255 * uap.grad.sign()
        uap.clamp_(-xi, xi)
    uap.grad.zero_()
with torch.no_grad():
    fooled = (classifier((frames + uap).clamp(0, 1)).argmax(1) != species).float().mean()
print("fooling rate", fooled.item())
