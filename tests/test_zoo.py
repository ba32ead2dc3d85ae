"""torchvision model zoo data (mappings/zoo/, ms_scan.tables.zoo) and its generator's recording logic.

The scan side (the ops on a twice-differentiated path through a torchvision model, parts, surgery) is covered by
the fixtures tests/fixtures/second_order/torchvision_*.py."""
import sys
from pathlib import Path

import libcst as cst
import pytest

from ms_scan.extract.grad_zoo import _NOT_ZOO, _Zoo
from ms_scan.tables.zoo import _data, zoo_model


def test_data_is_recorded_from_torchvision_and_well_formed():
    data = _data()
    assert data["torchvision"] == "0.28.0" and data["mode"] == "train"
    assert len(data["models"]) >= 90  # classification, segmentation, video, optical flow
    assert "fasterrcnn_resnet50_fpn" in data["skipped"] and "quantized_resnet18" in data["skipped"]
    for name, row in data["models"].items():
        assert row["builder"].startswith("torchvision.models.") and row["builder"].endswith("." + name)
        assert row["children"] and row["ops"], name
        for op in row["ops"]:
            assert op[1].startswith("torch.") and op[0].count(".") <= 1, (name, op)
            assert not op[0] or op[0].split(".")[0] in row["children"], (name, op)


def test_resnet18_runs_its_pools_where_its_source_puts_them():
    m = zoo_model("torchvision.models.resnet18")
    ops = {(p, a) for p, a, _ in m.ops}
    assert ("avgpool", "torch.nn.AdaptiveAvgPool2d") in ops and ("maxpool", "torch.nn.MaxPool2d") in ops
    assert ("", "torch.flatten") in ops and ("fc", "torch.nn.Linear") in ops
    assert m.children[-2:] == ("avgpool", "fc")
    whole = {a for _, a, _ in m.part_ops()}
    assert "torch.nn.AdaptiveAvgPool2d" not in {a for _, a, _ in m.part_ops(dropped=["avgpool"])}
    assert {a for _, a, _ in m.part_ops(parts=["conv1", "bn1"])} == {"torch.nn.Conv2d", "torch.nn.BatchNorm2d"}
    assert whole >= {"torch.nn.Conv2d", "torch.nn.BatchNorm2d", "torch.nn.ReLU", "torch.nn.MaxPool2d"}


def test_selector_arguments_are_kept():
    # the segmentation heads upsample bilinearly: the primitive depends on the mode
    ops = zoo_model("torchvision.models.fcn_resnet50").part_ops()
    assert ("torch.nn.functional.interpolate", (("mode", "bilinear"),)) in {(a, args) for _, a, args in ops}


@pytest.mark.parametrize("api,name", [
    ("torchvision.models.resnet18", "resnet18"),
    ("torchvision.models.resnet.resnet18", "resnet18"),
    ("torchvision.models.video.r3d_18", "r3d_18"),
    ("torchvision.models.segmentation.fcn_resnet50", "fcn_resnet50"),
    ("torchvision.models.segmentation.resnet18", None),  # not a builder of that package
    ("torchvision.models.resnet18x", None),
    ("torch.nn.Conv2d", None),
])
def test_builder_names(api, name):
    m = zoo_model(api)
    assert (m.name if m is not None else None) == name


def _steps(text: str) -> list:
    """The steps of `m.<text>` as grad_zoo.zoo_target collects them (attributes, slices, "()")."""
    out: list = []
    e = cst.parse_expression("m" + text)
    while not isinstance(e, cst.Name):
        if isinstance(e, cst.Attribute):
            out.insert(0, e.attr.value)
            e = e.value
        elif isinstance(e, cst.Subscript):
            out.insert(0, e.slice[0].slice)
            e = e.value
        else:  # `.children()`
            out.insert(0, "()")
            e = e.func.value
    return out


@pytest.mark.parametrize("model,text,parts", [
    ("vgg16", ".features[:4]", ["features.0", "features.1", "features.2", "features.3"]),
    ("vgg16", ".features", ["features"]),
    ("vgg16", ".classifier[-1]", ["classifier.6"]),
    ("resnet18", ".children()[:-2]", ["conv1", "bn1", "relu", "maxpool", "layer1", "layer2", "layer3", "layer4"]),
    ("resnet18", ".layer4[0].conv1", ["layer4.0"]),  # below the recorded levels: the block
    ("resnet18", "", None),
    ("resnet18", ".head", _NOT_ZOO),
    ("resnet18", ".layer4[7]", _NOT_ZOO),
])
def test_parts_a_subscript_or_attribute_selects(model, text, parts):
    assert _Zoo.zoo_steps(zoo_model("torchvision.models." + model), _steps(text)) == parts


def test_generator_records_layers_and_calls_on_the_graph_only():
    torch = pytest.importorskip("torch")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the generator lives beside the data
    from mappings.zoo.build import trace

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Conv2d(3, 4, 3)
            self.body = torch.nn.Sequential(torch.nn.GELU(approximate="tanh"), torch.nn.Identity())

        def forward(self, x):
            h = self.body(self.conv(x))
            mask = x.new_zeros(4).masked_fill(torch.arange(4) > 1, 1.0)  # a constant: not recorded
            h = torch.nn.functional.interpolate(h, scale_factor=2, mode="bilinear")
            return torch.flatten(torch.nn.functional.adaptive_avg_pool2d(h, 1), 1) * mask

    ops = trace(Net(), (torch.randn(2, 3, 8, 8),), torch)
    assert ["conv", "torch.nn.Conv2d"] in ops and ["body.0", "torch.nn.GELU", {"approximate": "tanh"}] in ops
    assert ["", "torch.nn.functional.interpolate", {"mode": "bilinear"}] in ops
    assert ["", "torch.nn.functional.adaptive_avg_pool2d"] in ops and ["", "torch.flatten"] in ops
    apis = [op[1] for op in ops]
    assert "torch.nn.functional.conv2d" not in apis  # inside nn.Conv2d: the layer is the op
    assert "torch.Tensor.masked_fill" not in apis and "torch.arange" not in apis
    assert apis.index("torch.nn.Conv2d") < apis.index("torch.nn.GELU") < apis.index("torch.flatten")


def test_timm_architectures_are_recorded_by_name():
    from ms_scan.tables.zoo import timm_model

    data = _data("timm")
    assert data["timm"] and len(data["models"]) >= 70 and not data["skipped"]
    m = timm_model("resnet50.a1_in1k")  # a pretrained tag names the same architecture
    assert m is not None and m.name == "resnet50" and m.library == "timm"
    assert ("global_pool.pool", "torch.nn.AdaptiveAvgPool2d") in {(p, a) for p, a, _ in m.ops}
    assert timm_model("not_a_model") is None and timm_model("hgnetv2_b0") is None  # not recorded
    # BiT's weight-standardised convolutions and GroupNormAct subclass torch's layers: not torch's own classes, so
    # what their forward calls is recorded (F.conv2d, the F.batch_norm standardising the weight, F.group_norm)
    bit = {a for _, a, _ in timm_model("resnetv2_50x1_bit").ops}
    assert {"torch.nn.functional.conv2d", "torch.nn.functional.batch_norm", "torch.nn.functional.group_norm"} <= bit
    assert "torch.nn.GroupNorm" not in bit


def test_timm_forward_features_is_the_body_without_the_head():
    from ms_scan.tables.zoo import timm_model

    for name in ("resnet50", "efficientnet_b0", "vit_small_patch16_224"):
        m = timm_model(name)
        body = {p.split(".")[0] for p in _Zoo.zoo_steps(m, ["forward_features"])}
        assert body and not body & {"global_pool", "head", "fc", "classifier", "fc_norm"}, (name, body)
        assert {p.split(".")[0] for p, _, _ in m.ops} - body, name  # the head runs in forward only
    assert {"conv_head", "bn2"} <= {p.split(".")[0] for p in _Zoo.zoo_steps(timm_model("efficientnet_b0"),
                                                                             ["forward_features"])}
