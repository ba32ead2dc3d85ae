"""Train a keyword spotter and track the sharpness of its loss landscape every few epochs."""
import torch
import torch.nn as nn

from hessian import LossHessian
from models import KWSConfig, build_model


def main(train_set, probe_batch, epochs=30):
    cfg = KWSConfig(backbone="dscnn", pool="avg", width=32)
    model = build_model(cfg)
    if torch.cuda.device_count() > 1:
        model = nn.DataParallel(model)
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, nesterov=True, weight_decay=5e-4)
    history = []
    for epoch in range(epochs):
        model.train()
        for x, y in train_set:
            loss = criterion(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if epoch % 5 == 0:
            spectrum = LossHessian(model, criterion, probe_batch)
            history.append((epoch, spectrum.top_eigenvalue(iters=5), spectrum.lanczos_density(m=5)))
    return model, history


if __name__ == "__main__":
    batch = (torch.randn(4, 40, 50), torch.randint(0, 12, (4,)))
    print(main([batch], batch, epochs=1)[1][0][1])
