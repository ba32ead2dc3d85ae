import torch
from torch import nn

from models import MODELS, HARConfig, Replica
from penalty import GradNormPenalty


def main(steps=3):
    cfg = HARConfig(norm="gn", act="selu")
    model = Replica(MODELS["tcn"](cfg))
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
    objective = GradNormPenalty(criterion, lam=0.05)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(steps):
        x = torch.randn(8, cfg.channels, 128)
        y = torch.randint(0, cfg.n_classes, (8,))
        total, plain = objective(model.module, x, y)
        opt.zero_grad()
        total.backward()
        opt.step()
        print(step, plain.item(), total.item())
    model.eval()
    with torch.no_grad():
        acc = (model(torch.randn(16, 6, 128)).argmax(1) == torch.randint(0, 6, (16,))).float().mean()
    print("acc", acc.item())


if __name__ == "__main__":
    main()
