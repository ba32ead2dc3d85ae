import torch
import torch.nn.functional as F

from models import SignNet
from optim_ext import AdaHessian


def train(model, optimizer, batches):
    model.train()
    for imgs, labels in batches:
        loss = F.cross_entropy(model(imgs), labels)
        optimizer.step(loss)


if __name__ == "__main__":
    net = SignNet()
    opt = AdaHessian(net.parameters())
    data = [(torch.randn(8, 3, 16, 16), torch.randint(0, 43, (8,))) for _ in range(2)]
    train(net, opt, data)
