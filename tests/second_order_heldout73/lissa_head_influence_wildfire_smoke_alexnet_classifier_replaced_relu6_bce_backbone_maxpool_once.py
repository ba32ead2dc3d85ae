"""Which training frames drive a wildfire-smoke webcam detector's decision on a test frame?

Last-layer influence functions (Koh & Liang) with a LiSSA inverse-HVP estimate. Only the
replaced AlexNet classifier is treated as the parameter set of the influence computation.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torchvision.models as tvm

log = logging.getLogger("smoke_influence")


def build_detector(hidden=64):
    net = tvm.alexnet(num_classes=1000)
    net.classifier = nn.Sequential(
        nn.Dropout(0.5),
        nn.Linear(256 * 6 * 6, hidden),
        nn.ReLU6(),
        nn.Linear(hidden, 1),
    )
    return net


criterion = nn.BCEWithLogitsLoss()


def webcam_frames(n, res=64):
    smoke = torch.randint(0, 2, (n,)).float()
    sky = torch.linspace(0.9, 0.3, res).view(1, 1, res, 1).expand(n, 3, res, res).clone()
    sky += 0.25 * smoke.view(-1, 1, 1, 1) * torch.rand(n, 1, res, res)
    return sky, smoke


def loss_on(model, x, y):
    return criterion(model(x).squeeze(1), y)


def hvp(loss, params, vec):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    return torch.autograd.grad(grads, params, grad_outputs=vec)


def lissa_inverse_hvp(model, params, v, x_train, y_train, depth=3, damping=0.01, scale=25.0):
    est = [t.clone() for t in v]
    for _ in range(depth):
        idx = torch.randint(0, x_train.size(0), (4,))
        hv = hvp(loss_on(model, x_train[idx], y_train[idx]), params, est)
        est = [vi + (1 - damping) * e - h / scale for vi, e, h in zip(v, est, hv)]
    return [e / scale for e in est]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--finetune-steps", type=int, default=2)
    ap.add_argument("--n-train", type=int, default=12)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)

    model = build_detector()
    x_train, y_train = webcam_frames(args.n_train)
    x_test, y_test = webcam_frames(1)
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    for step in range(args.finetune_steps):
        loss = loss_on(model, x_train, y_train)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("finetune %d loss %.4f", step, loss.item())

    model.eval()
    head = list(model.classifier.parameters())
    v = torch.autograd.grad(loss_on(model, x_test, y_test), head)
    s_test = lissa_inverse_hvp(model, head, v, x_train, y_train)
    assert any(s.abs().sum() > 0 for s in s_test)
    scores = []
    for i in range(args.n_train):
        g = torch.autograd.grad(loss_on(model, x_train[i:i + 1], y_train[i:i + 1]), head)
        scores.append(-sum((a * b).sum() for a, b in zip(g, s_test)).item())
    top = sorted(range(args.n_train), key=lambda i: scores[i])[:3]
    log.info("most helpful training frames %s", top)


if __name__ == "__main__":
    main()
