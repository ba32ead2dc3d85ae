"""Input-gradient (double backprop) regularisation for hurdy-gurdy wheel-noise spectrograms.

Written like an mmengine project: a ``Runner`` calling hooks, a model exposing ``train_step`` /
``loss``, padding / loss modules chosen by ``type`` strings from a config dict.
"""
import argparse
import copy
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger("hurdy_gurdy")

PADDING_LAYERS = {
    "zero": nn.ZeroPad2d,
    "reflect": nn.ReflectionPad2d,
    "replicate": nn.ReplicationPad2d,
}


def build_padding_layer(cfg, *args):
    cfg = copy.deepcopy(cfg)
    pad_layer = PADDING_LAYERS[cfg.pop("type")]
    return pad_layer(*args, **cfg)


class ConvModule(nn.Module):
    def __init__(self, cin, cout, kernel_size=3, pad_cfg=dict(type="zero"), with_bn=True):
        super().__init__()
        self.padding_layer = build_padding_layer(pad_cfg, kernel_size // 2)
        self.conv = nn.Conv2d(cin, cout, kernel_size, padding=0, bias=not with_bn)
        self.bn = nn.BatchNorm2d(cout) if with_bn else nn.Identity()

    def forward(self, x):
        return F.relu(self.bn(self.conv(self.padding_layer(x))))


class CrossEntropyLoss(nn.Module):
    def __init__(self, use_sigmoid=False, loss_weight=1.0):
        super().__init__()
        self.use_sigmoid = use_sigmoid
        self.loss_weight = loss_weight

    def forward(self, cls_score, label):
        if self.use_sigmoid:
            one_hot = F.one_hot(label, cls_score.size(-1)).float()
            loss = F.binary_cross_entropy_with_logits(cls_score, one_hot)
        else:
            log_prob = F.log_softmax(cls_score, dim=-1)
            loss = F.nll_loss(log_prob, label)
        return self.loss_weight * loss


class WheelNoiseClassifier(nn.Module):
    def __init__(self, num_classes=4, channels=(1, 8, 16), pad_cfg=dict(type="zero"),
                 loss_cls=dict(use_sigmoid=False), train_cfg=None):
        super().__init__()
        self.backbone = nn.Sequential(*[ConvModule(a, b, pad_cfg=pad_cfg) for a, b in zip(channels[:-1], channels[1:])])
        self.head = nn.Linear(channels[-1], num_classes)
        self.loss_cls = CrossEntropyLoss(**loss_cls)
        self.train_cfg = train_cfg or {}

    def forward(self, inputs):
        feats = self.backbone(inputs)
        return self.head(feats.mean(dim=(2, 3)))

    def loss(self, inputs, labels):
        reg_cfg = self.train_cfg.get("input_grad_reg")
        if reg_cfg is not None:
            inputs = inputs.requires_grad_(True)
        losses = {"loss_cls": self.loss_cls(self(inputs), labels)}
        if reg_cfg is not None:
            (g,) = torch.autograd.grad(losses["loss_cls"], inputs, create_graph=reg_cfg["create_graph"])
            losses["loss_input_grad"] = reg_cfg["weight"] * g.pow(2).sum(dim=(1, 2, 3)).mean()
        return losses

    def train_step(self, data, optim_wrapper):
        losses = self.loss(*data)
        optim_wrapper.update_params(sum(losses.values()))
        return {k: v.detach() for k, v in losses.items()}


class OptimWrapper:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def update_params(self, loss):
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()


class Hook:
    def before_train_iter(self, runner, batch_idx, data):
        pass

    def after_train_iter(self, runner, batch_idx, data, outputs):
        pass


class LoggerHook(Hook):
    def after_train_iter(self, runner, batch_idx, data, outputs):
        logger.info("iter %d %s", runner.iter, {k: "%.3e" % v.item() for k, v in outputs.items()})


class GradCheckHook(Hook):
    def after_train_iter(self, runner, batch_idx, data, outputs):
        w = runner.model.backbone[0].conv.weight
        assert w.grad is not None and torch.isfinite(w.grad).all()


class Runner:
    def __init__(self, model, optim_wrapper, hooks, max_iters):
        self.model, self.optim_wrapper, self.hooks, self.max_iters = model, optim_wrapper, hooks, max_iters
        self.iter = 0

    def call_hook(self, fn_name, **kwargs):
        for hook in self.hooks:
            getattr(hook, fn_name)(self, **kwargs)

    def train(self, dataloader):
        self.model.train()
        for batch_idx, data in enumerate(dataloader):
            if self.iter >= self.max_iters:
                break
            self.call_hook("before_train_iter", batch_idx=batch_idx, data=data)
            outputs = self.model.train_step(data, self.optim_wrapper)
            self.call_hook("after_train_iter", batch_idx=batch_idx, data=data, outputs=outputs)
            self.iter += 1


@torch.no_grad()
def pack_spectrogram(raw):
    """Smooth the raw log-power bins (2x2 box filter) and standardise: a data transform."""
    spec = F.avg_pool2d(raw, kernel_size=2, stride=1, padding=1)[..., :raw.shape[-2], :raw.shape[-1]]
    return (spec - spec.mean()) / (spec.std() + 1e-5)


def synthetic_loader(n_batches, batch_size=8, num_classes=4):
    t = torch.linspace(0, 1, 16)
    for _ in range(n_batches):
        labels = torch.randint(0, num_classes, (batch_size,))
        drone = torch.sin(2 * torch.pi * (labels[:, None, None, None] + 1) * t[None, None, :, None])
        raw = drone.expand(-1, 1, 16, 16) + 0.3 * torch.randn(batch_size, 1, 16, 16)
        yield pack_spectrogram(raw), labels


cfg = dict(
    model=dict(num_classes=4, channels=(1, 8, 16), pad_cfg=dict(type="reflect"),
               loss_cls=dict(use_sigmoid=False, loss_weight=1.0),
               train_cfg=dict(input_grad_reg=dict(weight=10.0, create_graph=True))),
    optim_wrapper=dict(lr=0.01, momentum=0.9),
    train_cfg=dict(max_iters=4),
)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-iters", type=int, default=cfg["train_cfg"]["max_iters"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    model = WheelNoiseClassifier(**cfg["model"])
    optim_wrapper = OptimWrapper(torch.optim.SGD(model.parameters(), **cfg["optim_wrapper"]))
    runner = Runner(model, optim_wrapper, [GradCheckHook(), LoggerHook()], args.max_iters)
    runner.train(synthetic_loader(8))


if __name__ == "__main__":
    main()
