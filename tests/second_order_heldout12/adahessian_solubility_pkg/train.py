import torch
import torch.nn.functional as F

from adahessian import AdaHessian
from models import ModelConfig, SolubilityNet


def composition_batch(n=32):
    x = torch.rand(n, 20)
    x = x / x.sum(-1, keepdim=True)
    y = (x[:, :5].sum(-1) > 0.25).float()
    return x, y


def main():
    cfg = ModelConfig(norm="group", act="glu")
    net = SolubilityNet(cfg)
    opt = AdaHessian(net.parameters(), lr=0.05)
    for step in range(2):
        x, y = composition_batch()
        prob = torch.sigmoid(net(x))
        loss = F.binary_cross_entropy(prob, y)
        opt.step(loss)
        print(step, loss.item())


if __name__ == "__main__":
    main()
