"""Private training loop: the model sits in a DDP-style wrapper and the DP step works on .module."""
import torch

from models import MODELS, ReplicaWrapper
from privacy import DPSGDStep


def train(loader, test_loader, arch="gnconv", epochs=20, lr=0.5):
    model = ReplicaWrapper(MODELS[arch]())
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.0)
    dp_step = DPSGDStep(model.module, max_grad_norm=1.0, noise_multiplier=1.1)
    for _ in range(epochs):
        model.train()
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            dp_step(x, y)
            opt.step()
        model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in test_loader:
                correct += (model(x).argmax(1) == y).sum().item()
    return model, correct
