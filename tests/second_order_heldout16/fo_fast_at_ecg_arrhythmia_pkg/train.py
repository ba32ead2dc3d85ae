import torch
import torch.nn as nn

from attacks import fgsm_rs, input_grad_norm
from models import ECGNet


def train(epochs=2):
    clf = ECGNet(norm="gn")
    opt = torch.optim.SGD(clf.parameters(), lr=0.01, momentum=0.9)
    crit = nn.CrossEntropyLoss()
    for ep in range(epochs):
        beats, labels = torch.randn(8, 1, 64), torch.randint(0, 5, (8,))
        x_adv = fgsm_rs(clf, beats, labels)
        opt.zero_grad()
        loss = crit(clf(x_adv), labels)
        loss.backward()
        opt.step()
        print(ep, loss.item(), input_grad_norm(clf, beats, labels))


if __name__ == "__main__":
    train()
