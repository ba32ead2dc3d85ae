import torch
import torch.nn.functional as F

from attacks import input_grad_norm, pgd
from models import REGISTRY

clf = REGISTRY["transit_cnn"]()
opt = torch.optim.SGD(clf.parameters(), lr=0.05, momentum=0.9)
for step in range(2):
    flux = torch.randn(8, 1, 64)
    label = torch.randint(0, 2, (8,))
    adv = pgd(clf, flux, label)
    loss = F.cross_entropy(clf.logits(adv), label)
    opt.zero_grad()
    loss.backward()
    opt.step()
    gnorm = input_grad_norm(clf, flux, label)
    clf.zero_grad()
    print(step, loss.item(), gnorm)

clf.eval()
with torch.no_grad():
    acc = (clf(torch.randn(8, 1, 64)).argmax(-1) == 0).float().mean()
print("val acc", acc.item())
